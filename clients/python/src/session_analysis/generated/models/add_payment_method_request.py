from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AddPaymentMethodRequest")


@_attrs_define
class AddPaymentMethodRequest:
    """
    Attributes:
        number (str): Card number (test gateway: documented test cards only). Never stored. Example: 4242424242424242.
        exp_month (int):
        exp_year (int):
        cvc (str):
        set_default (bool | Unset):
    """

    number: str
    exp_month: int
    exp_year: int
    cvc: str
    set_default: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        exp_month = self.exp_month

        exp_year = self.exp_year

        cvc = self.cvc

        set_default = self.set_default

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "exp_month": exp_month,
                "exp_year": exp_year,
                "cvc": cvc,
            }
        )
        if set_default is not UNSET:
            field_dict["set_default"] = set_default

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        number = d.pop("number")

        exp_month = d.pop("exp_month")

        exp_year = d.pop("exp_year")

        cvc = d.pop("cvc")

        set_default = d.pop("set_default", UNSET)

        add_payment_method_request = cls(
            number=number,
            exp_month=exp_month,
            exp_year=exp_year,
            cvc=cvc,
            set_default=set_default,
        )

        add_payment_method_request.additional_properties = d
        return add_payment_method_request

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
