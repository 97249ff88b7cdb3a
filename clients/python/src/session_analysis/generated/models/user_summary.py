from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_summary_tier import UserSummaryTier
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserSummary")


@_attrs_define
class UserSummary:
    """
    Attributes:
        id (str):  Example: user_1763776000000123456.
        username (str):
        tier (UserSummaryTier):
        email_verified (bool): Whether the holder of the email proved it with the mailed token (POST
            /v1/auth/email/verify)
        created_at (datetime.datetime):
        email (str | Unset):
    """

    id: str
    username: str
    tier: UserSummaryTier
    email_verified: bool
    created_at: datetime.datetime
    email: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        tier = self.tier.value

        email_verified = self.email_verified

        created_at = self.created_at.isoformat()

        email = self.email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "tier": tier,
                "email_verified": email_verified,
                "created_at": created_at,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        tier = UserSummaryTier(d.pop("tier"))

        email_verified = d.pop("email_verified")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        email = d.pop("email", UNSET)

        user_summary = cls(
            id=id,
            username=username,
            tier=tier,
            email_verified=email_verified,
            created_at=created_at,
            email=email,
        )

        user_summary.additional_properties = d
        return user_summary

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
