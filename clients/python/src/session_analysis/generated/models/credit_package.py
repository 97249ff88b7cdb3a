from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.credit_package_code import CreditPackageCode

T = TypeVar("T", bound="CreditPackage")


@_attrs_define
class CreditPackage:
    """
    Attributes:
        code (CreditPackageCode):
        name (str):
        credits_ (int):
        price (float):
        currency (str):
    """

    code: CreditPackageCode
    name: str
    credits_: int
    price: float
    currency: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        name = self.name

        credits_ = self.credits_

        price = self.price

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "name": name,
                "credits": credits_,
                "price": price,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = CreditPackageCode(d.pop("code"))

        name = d.pop("name")

        credits_ = d.pop("credits")

        price = d.pop("price")

        currency = d.pop("currency")

        credit_package = cls(
            code=code,
            name=name,
            credits_=credits_,
            price=price,
            currency=currency,
        )

        credit_package.additional_properties = d
        return credit_package

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
