from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UserStatsDailyBreakdownItem")


@_attrs_define
class UserStatsDailyBreakdownItem:
    """
    Attributes:
        date (str):
        sessions (int):
        credits_used (int):
        api_calls (int): Your authenticated /v1 requests that UTC day, whoever you acted for
    """

    date: str
    sessions: int
    credits_used: int
    api_calls: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date

        sessions = self.sessions

        credits_used = self.credits_used

        api_calls = self.api_calls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "sessions": sessions,
                "credits_used": credits_used,
                "api_calls": api_calls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = d.pop("date")

        sessions = d.pop("sessions")

        credits_used = d.pop("credits_used")

        api_calls = d.pop("api_calls")

        user_stats_daily_breakdown_item = cls(
            date=date,
            sessions=sessions,
            credits_used=credits_used,
            api_calls=api_calls,
        )

        user_stats_daily_breakdown_item.additional_properties = d
        return user_stats_daily_breakdown_item

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
