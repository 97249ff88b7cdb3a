from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MfaStepUp")


@_attrs_define
class MfaStepUp:
    """
    Attributes:
        verified_at (datetime.datetime):
        valid_until (datetime.datetime): Operations answering MFA_REQUIRED are allowed until then (10 minutes).
    """

    verified_at: datetime.datetime
    valid_until: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verified_at = self.verified_at.isoformat()

        valid_until = self.valid_until.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verified_at": verified_at,
                "valid_until": valid_until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        verified_at = datetime.datetime.fromisoformat(d.pop("verified_at"))

        valid_until = datetime.datetime.fromisoformat(d.pop("valid_until"))

        mfa_step_up = cls(
            verified_at=verified_at,
            valid_until=valid_until,
        )

        mfa_step_up.additional_properties = d
        return mfa_step_up

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
