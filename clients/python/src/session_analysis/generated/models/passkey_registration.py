from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.passkey import Passkey


T = TypeVar("T", bound="PasskeyRegistration")


@_attrs_define
class PasskeyRegistration:
    """
    Attributes:
        passkey (Passkey):
        recovery_codes (list[str]): Single-use codes, shown only now (empty when the account already had a set).
    """

    passkey: Passkey
    recovery_codes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        passkey = self.passkey.to_dict()

        recovery_codes = self.recovery_codes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "passkey": passkey,
                "recovery_codes": recovery_codes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey import Passkey

        d = dict(src_dict)
        passkey = Passkey.from_dict(d.pop("passkey"))

        recovery_codes = cast(list[str], d.pop("recovery_codes"))

        passkey_registration = cls(
            passkey=passkey,
            recovery_codes=recovery_codes,
        )

        passkey_registration.additional_properties = d
        return passkey_registration

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
