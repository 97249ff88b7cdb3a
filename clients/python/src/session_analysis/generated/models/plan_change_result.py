from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.billing import Billing
    from ..models.plan_change_result_charge_type_0 import PlanChangeResultChargeType0


T = TypeVar("T", bound="PlanChangeResult")


@_attrs_define
class PlanChangeResult:
    """
    Attributes:
        billing (Billing):
        charge (None | PlanChangeResultChargeType0): The prorated charge of an upgrade, or null (downgrades,
            cancellations, trials)
    """

    billing: Billing
    charge: None | PlanChangeResultChargeType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.plan_change_result_charge_type_0 import (
            PlanChangeResultChargeType0,
        )

        billing = self.billing.to_dict()

        charge: dict[str, Any] | None
        if isinstance(self.charge, PlanChangeResultChargeType0):
            charge = self.charge.to_dict()
        else:
            charge = self.charge

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "billing": billing,
                "charge": charge,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.billing import Billing
        from ..models.plan_change_result_charge_type_0 import (
            PlanChangeResultChargeType0,
        )

        d = dict(src_dict)
        billing = Billing.from_dict(d.pop("billing"))

        def _parse_charge(data: object) -> None | PlanChangeResultChargeType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                charge_type_0 = PlanChangeResultChargeType0.from_dict(data)

                return charge_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlanChangeResultChargeType0, data)

        charge = _parse_charge(d.pop("charge"))

        plan_change_result = cls(
            billing=billing,
            charge=charge,
        )

        plan_change_result.additional_properties = d
        return plan_change_result

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
