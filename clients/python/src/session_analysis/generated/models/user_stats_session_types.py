from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UserStatsSessionTypes")


@_attrs_define
class UserStatsSessionTypes:
    """
    Attributes:
        remote_viewing (int):
        dowsing (int):
        precognition (int):
        intuitive_analysis (int):
    """

    remote_viewing: int
    dowsing: int
    precognition: int
    intuitive_analysis: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        remote_viewing = self.remote_viewing

        dowsing = self.dowsing

        precognition = self.precognition

        intuitive_analysis = self.intuitive_analysis

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "remote_viewing": remote_viewing,
                "dowsing": dowsing,
                "precognition": precognition,
                "intuitive_analysis": intuitive_analysis,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        remote_viewing = d.pop("remote_viewing")

        dowsing = d.pop("dowsing")

        precognition = d.pop("precognition")

        intuitive_analysis = d.pop("intuitive_analysis")

        user_stats_session_types = cls(
            remote_viewing=remote_viewing,
            dowsing=dowsing,
            precognition=precognition,
            intuitive_analysis=intuitive_analysis,
        )

        user_stats_session_types.additional_properties = d
        return user_stats_session_types

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
