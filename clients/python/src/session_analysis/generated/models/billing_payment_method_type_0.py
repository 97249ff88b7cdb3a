from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.billing_payment_method_type_0_type import BillingPaymentMethodType0Type

T = TypeVar("T", bound="BillingPaymentMethodType0")


@_attrs_define
class BillingPaymentMethodType0:
    """The default payment method, or null

    Attributes:
        id (str):
        type_ (BillingPaymentMethodType0Type):
        brand (str):
        last_four (str):
        expiry (str):
    """

    id: str
    type_: BillingPaymentMethodType0Type
    brand: str
    last_four: str
    expiry: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        brand = self.brand

        last_four = self.last_four

        expiry = self.expiry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "brand": brand,
                "last_four": last_four,
                "expiry": expiry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = BillingPaymentMethodType0Type(d.pop("type"))

        brand = d.pop("brand")

        last_four = d.pop("last_four")

        expiry = d.pop("expiry")

        billing_payment_method_type_0 = cls(
            id=id,
            type_=type_,
            brand=brand,
            last_four=last_four,
            expiry=expiry,
        )

        billing_payment_method_type_0.additional_properties = d
        return billing_payment_method_type_0

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
