from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_analytics_period import UserAnalyticsPeriod
from ..models.user_analytics_tier import UserAnalyticsTier
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.user_analytics_geographic_distribution_item import (
        UserAnalyticsGeographicDistributionItem,
    )
    from ..models.user_analytics_tier_distribution import UserAnalyticsTierDistribution


T = TypeVar("T", bound="UserAnalytics")


@_attrs_define
class UserAnalytics:
    """
    Attributes:
        period (UserAnalyticsPeriod):
        total_users (int):
        active_users (int): Signed in or started a session within the period.
        new_users (int):
        retention_rate (float): Of users registered before the period, the fraction active within it.
        tier_distribution (UserAnalyticsTierDistribution):
        geographic_distribution (list[UserAnalyticsGeographicDistributionItem]):
        tier (UserAnalyticsTier | Unset):
    """

    period: UserAnalyticsPeriod
    total_users: int
    active_users: int
    new_users: int
    retention_rate: float
    tier_distribution: UserAnalyticsTierDistribution
    geographic_distribution: list[UserAnalyticsGeographicDistributionItem]
    tier: UserAnalyticsTier | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        period = self.period.value

        total_users = self.total_users

        active_users = self.active_users

        new_users = self.new_users

        retention_rate = self.retention_rate

        tier_distribution = self.tier_distribution.to_dict()

        geographic_distribution = []
        for geographic_distribution_item_data in self.geographic_distribution:
            geographic_distribution_item = geographic_distribution_item_data.to_dict()
            geographic_distribution.append(geographic_distribution_item)

        tier: str | Unset = UNSET
        if not isinstance(self.tier, Unset):
            tier = self.tier.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "period": period,
                "total_users": total_users,
                "active_users": active_users,
                "new_users": new_users,
                "retention_rate": retention_rate,
                "tier_distribution": tier_distribution,
                "geographic_distribution": geographic_distribution,
            }
        )
        if tier is not UNSET:
            field_dict["tier"] = tier

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_analytics_geographic_distribution_item import (
            UserAnalyticsGeographicDistributionItem,
        )
        from ..models.user_analytics_tier_distribution import (
            UserAnalyticsTierDistribution,
        )

        d = dict(src_dict)
        period = UserAnalyticsPeriod(d.pop("period"))

        total_users = d.pop("total_users")

        active_users = d.pop("active_users")

        new_users = d.pop("new_users")

        retention_rate = d.pop("retention_rate")

        tier_distribution = UserAnalyticsTierDistribution.from_dict(
            d.pop("tier_distribution")
        )

        geographic_distribution = []
        _geographic_distribution = d.pop("geographic_distribution")
        for geographic_distribution_item_data in _geographic_distribution:
            geographic_distribution_item = (
                UserAnalyticsGeographicDistributionItem.from_dict(
                    geographic_distribution_item_data
                )
            )

            geographic_distribution.append(geographic_distribution_item)

        _tier = d.pop("tier", UNSET)
        tier: UserAnalyticsTier | Unset
        if isinstance(_tier, Unset):
            tier = UNSET
        else:
            tier = UserAnalyticsTier(_tier)

        user_analytics = cls(
            period=period,
            total_users=total_users,
            active_users=active_users,
            new_users=new_users,
            retention_rate=retention_rate,
            tier_distribution=tier_distribution,
            geographic_distribution=geographic_distribution,
            tier=tier,
        )

        user_analytics.additional_properties = d
        return user_analytics

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
