from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.organization_member_role import OrganizationMemberRole

T = TypeVar("T", bound="OrganizationMember")


@_attrs_define
class OrganizationMember:
    """
    Attributes:
        user_id (str):
        email (str):
        username (str):
        role (OrganizationMemberRole): owner > admin > member
        mfa_enabled (bool | None): Whether the member has a second factor (authenticator app or passkey); shown to
            admins and owners, null for other members
        managed_by (None | str): The SCIM connection (`scim_…`) whose directory provisions this member (docs/sso.md
            "SCIM"); null when the organization manages them here
        joined_at (datetime.datetime):
    """

    user_id: str
    email: str
    username: str
    role: OrganizationMemberRole
    mfa_enabled: bool | None
    managed_by: None | str
    joined_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        email = self.email

        username = self.username

        role = self.role.value

        mfa_enabled: bool | None
        mfa_enabled = self.mfa_enabled

        managed_by: None | str
        managed_by = self.managed_by

        joined_at = self.joined_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "email": email,
                "username": username,
                "role": role,
                "mfa_enabled": mfa_enabled,
                "managed_by": managed_by,
                "joined_at": joined_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        email = d.pop("email")

        username = d.pop("username")

        role = OrganizationMemberRole(d.pop("role"))

        def _parse_mfa_enabled(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        mfa_enabled = _parse_mfa_enabled(d.pop("mfa_enabled"))

        def _parse_managed_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        managed_by = _parse_managed_by(d.pop("managed_by"))

        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        organization_member = cls(
            user_id=user_id,
            email=email,
            username=username,
            role=role,
            mfa_enabled=mfa_enabled,
            managed_by=managed_by,
            joined_at=joined_at,
        )

        organization_member.additional_properties = d
        return organization_member

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
