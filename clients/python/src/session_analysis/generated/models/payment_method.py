from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_method_type import PaymentMethodType

T = TypeVar("T", bound="PaymentMethod")


@_attrs_define
class PaymentMethod:
    """
    Attributes:
        id (str):  Example: pm_1763776000000123456.
        type_ (PaymentMethodType):
        brand (str):  Example: visa.
        last_four (str):  Example: 4242.
        expiry (str): MM/YY Example: 12/30.
        is_default (bool):
        created_at (datetime.datetime):
    """

    id: str
    type_: PaymentMethodType
    brand: str
    last_four: str
    expiry: str
    is_default: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        brand = self.brand

        last_four = self.last_four

        expiry = self.expiry

        is_default = self.is_default

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "brand": brand,
                "last_four": last_four,
                "expiry": expiry,
                "is_default": is_default,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = PaymentMethodType(d.pop("type"))

        brand = d.pop("brand")

        last_four = d.pop("last_four")

        expiry = d.pop("expiry")

        is_default = d.pop("is_default")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        payment_method = cls(
            id=id,
            type_=type_,
            brand=brand,
            last_four=last_four,
            expiry=expiry,
            is_default=is_default,
            created_at=created_at,
        )

        payment_method.additional_properties = d
        return payment_method

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
