from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.purchase_request_credit_package import PurchaseRequestCreditPackage
from ..types import UNSET, Unset

T = TypeVar("T", bound="PurchaseRequest")


@_attrs_define
class PurchaseRequest:
    """
    Attributes:
        credit_package (PurchaseRequestCreditPackage):
        payment_method_id (str): A saved payment method (`pm_<digits>`, GET /v1/billing/payment-methods), or the
            processor's payment method id, saved on first use: with the test gateway its test ids (`pm_card_visa`,
            `pm_card_chargeDeclined`, …), with Stripe a PaymentMethod id from Stripe.js. Example: pm_card_visa.
        quantity (int | Unset):  Default: 1.
    """

    credit_package: PurchaseRequestCreditPackage
    payment_method_id: str
    quantity: int | Unset = 1
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credit_package = self.credit_package.value

        payment_method_id = self.payment_method_id

        quantity = self.quantity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "credit_package": credit_package,
                "payment_method_id": payment_method_id,
            }
        )
        if quantity is not UNSET:
            field_dict["quantity"] = quantity

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        credit_package = PurchaseRequestCreditPackage(d.pop("credit_package"))

        payment_method_id = d.pop("payment_method_id")

        quantity = d.pop("quantity", UNSET)

        purchase_request = cls(
            credit_package=credit_package,
            payment_method_id=payment_method_id,
            quantity=quantity,
        )

        purchase_request.additional_properties = d
        return purchase_request

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
