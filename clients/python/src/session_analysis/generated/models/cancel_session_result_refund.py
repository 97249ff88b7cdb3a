from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cancel_session_result_refund_refund_reason import (
    CancelSessionResultRefundRefundReason,
)

T = TypeVar("T", bound="CancelSessionResultRefund")


@_attrs_define
class CancelSessionResultRefund:
    """
    Attributes:
        credits_refunded (int):
        refund_reason (CancelSessionResultRefundRefundReason):
    """

    credits_refunded: int
    refund_reason: CancelSessionResultRefundRefundReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_refunded = self.credits_refunded

        refund_reason = self.refund_reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "credits_refunded": credits_refunded,
                "refund_reason": refund_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        credits_refunded = d.pop("credits_refunded")

        refund_reason = CancelSessionResultRefundRefundReason(d.pop("refund_reason"))

        cancel_session_result_refund = cls(
            credits_refunded=credits_refunded,
            refund_reason=refund_reason,
        )

        cancel_session_result_refund.additional_properties = d
        return cancel_session_result_refund

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
