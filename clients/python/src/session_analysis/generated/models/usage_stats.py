from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsageStats")


@_attrs_define
class UsageStats:
    """
    Attributes:
        sessions_this_month (int):
        total_sessions (int):
        success_rate (float):
    """

    sessions_this_month: int
    total_sessions: int
    success_rate: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sessions_this_month = self.sessions_this_month

        total_sessions = self.total_sessions

        success_rate = self.success_rate

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sessions_this_month": sessions_this_month,
                "total_sessions": total_sessions,
                "success_rate": success_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sessions_this_month = d.pop("sessions_this_month")

        total_sessions = d.pop("total_sessions")

        success_rate = d.pop("success_rate")

        usage_stats = cls(
            sessions_this_month=sessions_this_month,
            total_sessions=total_sessions,
            success_rate=success_rate,
        )

        usage_stats.additional_properties = d
        return usage_stats

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
