from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.credit_package import CreditPackage
    from ..models.plan import Plan


T = TypeVar("T", bound="ListCreditPackagesResponse200Data")


@_attrs_define
class ListCreditPackagesResponse200Data:
    """
    Attributes:
        packages (list[CreditPackage]):
        max_quantity (int):
        plans (list[Plan]):
    """

    packages: list[CreditPackage]
    max_quantity: int
    plans: list[Plan]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        packages = []
        for packages_item_data in self.packages:
            packages_item = packages_item_data.to_dict()
            packages.append(packages_item)

        max_quantity = self.max_quantity

        plans = []
        for plans_item_data in self.plans:
            plans_item = plans_item_data.to_dict()
            plans.append(plans_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "packages": packages,
                "max_quantity": max_quantity,
                "plans": plans,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credit_package import CreditPackage
        from ..models.plan import Plan

        d = dict(src_dict)
        packages = []
        _packages = d.pop("packages")
        for packages_item_data in _packages:
            packages_item = CreditPackage.from_dict(packages_item_data)

            packages.append(packages_item)

        max_quantity = d.pop("max_quantity")

        plans = []
        _plans = d.pop("plans")
        for plans_item_data in _plans:
            plans_item = Plan.from_dict(plans_item_data)

            plans.append(plans_item)

        list_credit_packages_response_200_data = cls(
            packages=packages,
            max_quantity=max_quantity,
            plans=plans,
        )

        list_credit_packages_response_200_data.additional_properties = d
        return list_credit_packages_response_200_data

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
