from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewApiKey")


@_attrs_define
class NewApiKey:
    """
    Attributes:
        id (str):
        name (str):
        prefix (str): The first characters of the key, to recognise it; never the key. Example: sak_live_4fT9qLz.
        scopes (list[str]):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        last_used_at (datetime.datetime | None): Updated at most once a minute.
        revoked (bool):
        revoked_at (datetime.datetime | None): When the key stopped (or, during a rotation grace period, will stop)
            working.
        expired (bool):
        replaced_by (None | str): The id of the key this one was rotated into.
        organization_id (None | str): Set for an organization's key (created with X-Organization-Id): it acts for the
            organization.
        key (str): The API key. Shown only in this response: store it now. Example: sak_live_….
    """

    id: str
    name: str
    prefix: str
    scopes: list[str]
    created_at: datetime.datetime
    expires_at: datetime.datetime
    last_used_at: datetime.datetime | None
    revoked: bool
    revoked_at: datetime.datetime | None
    expired: bool
    replaced_by: None | str
    organization_id: None | str
    key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        prefix = self.prefix

        scopes = self.scopes

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        revoked = self.revoked

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        expired = self.expired

        replaced_by: None | str
        replaced_by = self.replaced_by

        organization_id: None | str
        organization_id = self.organization_id

        key = self.key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "prefix": prefix,
                "scopes": scopes,
                "created_at": created_at,
                "expires_at": expires_at,
                "last_used_at": last_used_at,
                "revoked": revoked,
                "revoked_at": revoked_at,
                "expired": expired,
                "replaced_by": replaced_by,
                "organization_id": organization_id,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        prefix = d.pop("prefix")

        scopes = cast(list[str], d.pop("scopes"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

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

        revoked = d.pop("revoked")

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        expired = d.pop("expired")

        def _parse_replaced_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replaced_by = _parse_replaced_by(d.pop("replaced_by"))

        def _parse_organization_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        key = d.pop("key")

        new_api_key = cls(
            id=id,
            name=name,
            prefix=prefix,
            scopes=scopes,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            revoked=revoked,
            revoked_at=revoked_at,
            expired=expired,
            replaced_by=replaced_by,
            organization_id=organization_id,
            key=key,
        )

        new_api_key.additional_properties = d
        return new_api_key

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
