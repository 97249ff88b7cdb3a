from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BillingCredits")


@_attrs_define
class BillingCredits:
    """
    Attributes:
        included (int): Included credits granted for this period
        used (int): Included credits used this period
        remaining (int): The balance: included_remaining + purchased_remaining
        included_remaining (int): included − used; expires at reset_date
        purchased_remaining (int): Purchased (and refunded) credits: never expire; spent after included credits
        reset_date (datetime.datetime):
    """

    included: int
    used: int
    remaining: int
    included_remaining: int
    purchased_remaining: int
    reset_date: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        included = self.included

        used = self.used

        remaining = self.remaining

        included_remaining = self.included_remaining

        purchased_remaining = self.purchased_remaining

        reset_date = self.reset_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "included": included,
                "used": used,
                "remaining": remaining,
                "included_remaining": included_remaining,
                "purchased_remaining": purchased_remaining,
                "reset_date": reset_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        included = d.pop("included")

        used = d.pop("used")

        remaining = d.pop("remaining")

        included_remaining = d.pop("included_remaining")

        purchased_remaining = d.pop("purchased_remaining")

        reset_date = datetime.datetime.fromisoformat(d.pop("reset_date"))

        billing_credits = cls(
            included=included,
            used=used,
            remaining=remaining,
            included_remaining=included_remaining,
            purchased_remaining=purchased_remaining,
            reset_date=reset_date,
        )

        billing_credits.additional_properties = d
        return billing_credits

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
