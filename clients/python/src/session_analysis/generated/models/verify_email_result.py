from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VerifyEmailResult")


@_attrs_define
class VerifyEmailResult:
    """
    Attributes:
        user_id (str):
        email_verified (bool):
        email_verified_at (datetime.datetime):
    """

    user_id: str
    email_verified: bool
    email_verified_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        email_verified = self.email_verified

        email_verified_at = self.email_verified_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "email_verified": email_verified,
                "email_verified_at": email_verified_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        email_verified = d.pop("email_verified")

        email_verified_at = datetime.datetime.fromisoformat(d.pop("email_verified_at"))

        verify_email_result = cls(
            user_id=user_id,
            email_verified=email_verified,
            email_verified_at=email_verified_at,
        )

        verify_email_result.additional_properties = d
        return verify_email_result

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
