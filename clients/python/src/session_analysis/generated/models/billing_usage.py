from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.month_usage import MonthUsage


T = TypeVar("T", bound="BillingUsage")


@_attrs_define
class BillingUsage:
    """
    Attributes:
        current_month (MonthUsage):
        last_month (MonthUsage):
    """

    current_month: MonthUsage
    last_month: MonthUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_month = self.current_month.to_dict()

        last_month = self.last_month.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current_month": current_month,
                "last_month": last_month,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.month_usage import MonthUsage

        d = dict(src_dict)
        current_month = MonthUsage.from_dict(d.pop("current_month"))

        last_month = MonthUsage.from_dict(d.pop("last_month"))

        billing_usage = cls(
            current_month=current_month,
            last_month=last_month,
        )

        billing_usage.additional_properties = d
        return billing_usage

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
