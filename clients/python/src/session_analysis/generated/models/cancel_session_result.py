from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.cancel_session_result_refund import CancelSessionResultRefund


T = TypeVar("T", bound="CancelSessionResult")


@_attrs_define
class CancelSessionResult:
    """
    Attributes:
        success (bool):
        message (str):
        refund (CancelSessionResultRefund):
    """

    success: bool
    message: str
    refund: CancelSessionResultRefund
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        message = self.message

        refund = self.refund.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "message": message,
                "refund": refund,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.cancel_session_result_refund import CancelSessionResultRefund

        d = dict(src_dict)
        success = d.pop("success")

        message = d.pop("message")

        refund = CancelSessionResultRefund.from_dict(d.pop("refund"))

        cancel_session_result = cls(
            success=success,
            message=message,
            refund=refund,
        )

        cancel_session_result.additional_properties = d
        return cancel_session_result

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
