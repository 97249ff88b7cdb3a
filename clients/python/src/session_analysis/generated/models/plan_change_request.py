from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_change_request_tier import PlanChangeRequestTier
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlanChangeRequest")


@_attrs_define
class PlanChangeRequest:
    """
    Attributes:
        tier (PlanChangeRequestTier):
        payment_method_id (str | Unset): Charge this method (saved, or a processor id such as pm_card_visa) and make it
            the default Example: pm_card_visa.
    """

    tier: PlanChangeRequestTier
    payment_method_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tier = self.tier.value

        payment_method_id = self.payment_method_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tier": tier,
            }
        )
        if payment_method_id is not UNSET:
            field_dict["payment_method_id"] = payment_method_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tier = PlanChangeRequestTier(d.pop("tier"))

        payment_method_id = d.pop("payment_method_id", UNSET)

        plan_change_request = cls(
            tier=tier,
            payment_method_id=payment_method_id,
        )

        plan_change_request.additional_properties = d
        return plan_change_request

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
