from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MonthUsage")


@_attrs_define
class MonthUsage:
    """
    Attributes:
        sessions (int):
        api_calls (int):
        storage_gb (float):
    """

    sessions: int
    api_calls: int
    storage_gb: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sessions = self.sessions

        api_calls = self.api_calls

        storage_gb = self.storage_gb

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sessions": sessions,
                "api_calls": api_calls,
                "storage_gb": storage_gb,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sessions = d.pop("sessions")

        api_calls = d.pop("api_calls")

        storage_gb = d.pop("storage_gb")

        month_usage = cls(
            sessions=sessions,
            api_calls=api_calls,
            storage_gb=storage_gb,
        )

        month_usage.additional_properties = d
        return month_usage

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
