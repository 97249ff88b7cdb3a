from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.system_status_checks_additional_property_status import (
    SystemStatusChecksAdditionalPropertyStatus,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SystemStatusChecksAdditionalProperty")


@_attrs_define
class SystemStatusChecksAdditionalProperty:
    """
    Attributes:
        status (SystemStatusChecksAdditionalPropertyStatus):
        latency_ms (int):
        violations (list[str] | Unset): billing_ledger: accounts whose balance ≠ the sum of their ledger, or negative
    """

    status: SystemStatusChecksAdditionalPropertyStatus
    latency_ms: int
    violations: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        latency_ms = self.latency_ms

        violations: list[str] | Unset = UNSET
        if not isinstance(self.violations, Unset):
            violations = self.violations

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "latency_ms": latency_ms,
            }
        )
        if violations is not UNSET:
            field_dict["violations"] = violations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = SystemStatusChecksAdditionalPropertyStatus(d.pop("status"))

        latency_ms = d.pop("latency_ms")

        violations = cast(list[str], d.pop("violations", UNSET))

        system_status_checks_additional_property = cls(
            status=status,
            latency_ms=latency_ms,
            violations=violations,
        )

        system_status_checks_additional_property.additional_properties = d
        return system_status_checks_additional_property

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
