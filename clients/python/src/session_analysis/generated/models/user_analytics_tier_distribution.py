from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UserAnalyticsTierDistribution")


@_attrs_define
class UserAnalyticsTierDistribution:
    """
    Attributes:
        basic (int):
        professional (int):
        enterprise (int):
    """

    basic: int
    professional: int
    enterprise: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basic = self.basic

        professional = self.professional

        enterprise = self.enterprise

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basic": basic,
                "professional": professional,
                "enterprise": enterprise,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        basic = d.pop("basic")

        professional = d.pop("professional")

        enterprise = d.pop("enterprise")

        user_analytics_tier_distribution = cls(
            basic=basic,
            professional=professional,
            enterprise=enterprise,
        )

        user_analytics_tier_distribution.additional_properties = d
        return user_analytics_tier_distribution

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
