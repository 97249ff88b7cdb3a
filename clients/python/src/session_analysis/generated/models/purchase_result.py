from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.purchase_result_payment_status import PurchaseResultPaymentStatus

T = TypeVar("T", bound="PurchaseResult")


@_attrs_define
class PurchaseResult:
    """
    Attributes:
        transaction_id (str):  Example: txn_1763776000000123456.
        credits_purchased (int):
        amount (float):
        currency (str):
        payment_status (PurchaseResultPaymentStatus):
        new_balance (int):
    """

    transaction_id: str
    credits_purchased: int
    amount: float
    currency: str
    payment_status: PurchaseResultPaymentStatus
    new_balance: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        credits_purchased = self.credits_purchased

        amount = self.amount

        currency = self.currency

        payment_status = self.payment_status.value

        new_balance = self.new_balance

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "transaction_id": transaction_id,
                "credits_purchased": credits_purchased,
                "amount": amount,
                "currency": currency,
                "payment_status": payment_status,
                "new_balance": new_balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        transaction_id = d.pop("transaction_id")

        credits_purchased = d.pop("credits_purchased")

        amount = d.pop("amount")

        currency = d.pop("currency")

        payment_status = PurchaseResultPaymentStatus(d.pop("payment_status"))

        new_balance = d.pop("new_balance")

        purchase_result = cls(
            transaction_id=transaction_id,
            credits_purchased=credits_purchased,
            amount=amount,
            currency=currency,
            payment_status=payment_status,
            new_balance=new_balance,
        )

        purchase_result.additional_properties = d
        return purchase_result

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
