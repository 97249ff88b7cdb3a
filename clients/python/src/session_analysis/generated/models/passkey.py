from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.passkey_device_type import PasskeyDeviceType

T = TypeVar("T", bound="Passkey")


@_attrs_define
class Passkey:
    """
    Attributes:
        id (str):  Example: passkey_1763776000000123456.
        name (str):
        device_type (PasskeyDeviceType): multiDevice: backup eligible, a synced passkey (WebAuthn L3 §6.1.3 BE flag).
        backed_up (bool): The BS flag at the last use: the passkey is backed up.
        transports (list[str]):
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None):
    """

    id: str
    name: str
    device_type: PasskeyDeviceType
    backed_up: bool
    transports: list[str]
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        device_type = self.device_type.value

        backed_up = self.backed_up

        transports = self.transports

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "device_type": device_type,
                "backed_up": backed_up,
                "transports": transports,
                "created_at": created_at,
                "last_used_at": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        device_type = PasskeyDeviceType(d.pop("device_type"))

        backed_up = d.pop("backed_up")

        transports = cast(list[str], d.pop("transports"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        passkey = cls(
            id=id,
            name=name,
            device_type=device_type,
            backed_up=backed_up,
            transports=transports,
            created_at=created_at,
            last_used_at=last_used_at,
        )

        passkey.additional_properties = d
        return passkey

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
