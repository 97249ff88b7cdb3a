from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlanChangeResultChargeType0")


@_attrs_define
class PlanChangeResultChargeType0:
    """The prorated charge of an upgrade, or null (downgrades, cancellations, trials)

    Attributes:
        transaction_id (str):
        amount (float):
        currency (str):
        credits_ (int):
    """

    transaction_id: str
    amount: float
    currency: str
    credits_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        amount = self.amount

        currency = self.currency

        credits_ = self.credits_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "transaction_id": transaction_id,
                "amount": amount,
                "currency": currency,
                "credits": credits_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        transaction_id = d.pop("transaction_id")

        amount = d.pop("amount")

        currency = d.pop("currency")

        credits_ = d.pop("credits")

        plan_change_result_charge_type_0 = cls(
            transaction_id=transaction_id,
            amount=amount,
            currency=currency,
            credits_=credits_,
        )

        plan_change_result_charge_type_0.additional_properties = d
        return plan_change_result_charge_type_0

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
