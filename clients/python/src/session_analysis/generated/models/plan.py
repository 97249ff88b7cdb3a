from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_tier import PlanTier

T = TypeVar("T", bound="Plan")


@_attrs_define
class Plan:
    """
    Attributes:
        tier (PlanTier):
        monthly_fee (float): In `currency`, per month Example: 49.
        currency (str):  Example: USD.
        included_credits (int): Credits included each period Example: 1000.
        requests_per_minute (int):  Example: 1000.
        requests_per_day (int):  Example: 10000.
        concurrent_sessions (int): Pending plus processing sessions Example: 50.
    """

    tier: PlanTier
    monthly_fee: float
    currency: str
    included_credits: int
    requests_per_minute: int
    requests_per_day: int
    concurrent_sessions: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tier = self.tier.value

        monthly_fee = self.monthly_fee

        currency = self.currency

        included_credits = self.included_credits

        requests_per_minute = self.requests_per_minute

        requests_per_day = self.requests_per_day

        concurrent_sessions = self.concurrent_sessions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tier": tier,
                "monthly_fee": monthly_fee,
                "currency": currency,
                "included_credits": included_credits,
                "requests_per_minute": requests_per_minute,
                "requests_per_day": requests_per_day,
                "concurrent_sessions": concurrent_sessions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tier = PlanTier(d.pop("tier"))

        monthly_fee = d.pop("monthly_fee")

        currency = d.pop("currency")

        included_credits = d.pop("included_credits")

        requests_per_minute = d.pop("requests_per_minute")

        requests_per_day = d.pop("requests_per_day")

        concurrent_sessions = d.pop("concurrent_sessions")

        plan = cls(
            tier=tier,
            monthly_fee=monthly_fee,
            currency=currency,
            included_credits=included_credits,
            requests_per_minute=requests_per_minute,
            requests_per_day=requests_per_day,
            concurrent_sessions=concurrent_sessions,
        )

        plan.additional_properties = d
        return plan

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
