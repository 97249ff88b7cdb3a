from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_envelope_error_code import ErrorEnvelopeErrorCode

if TYPE_CHECKING:
    from ..models.error_envelope_error_details import ErrorEnvelopeErrorDetails


T = TypeVar("T", bound="ErrorEnvelopeError")


@_attrs_define
class ErrorEnvelopeError:
    """
    Attributes:
        code (ErrorEnvelopeErrorCode):
        message (str):
        details (ErrorEnvelopeErrorDetails):  Example: {'field': 'cue', 'reason': 'Required'}.
        timestamp (datetime.datetime):
        request_id (str):
    """

    code: ErrorEnvelopeErrorCode
    message: str
    details: ErrorEnvelopeErrorDetails
    timestamp: datetime.datetime
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        details = self.details.to_dict()

        timestamp = self.timestamp.isoformat()

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "details": details,
                "timestamp": timestamp,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_envelope_error_details import ErrorEnvelopeErrorDetails

        d = dict(src_dict)
        code = ErrorEnvelopeErrorCode(d.pop("code"))

        message = d.pop("message")

        details = ErrorEnvelopeErrorDetails.from_dict(d.pop("details"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        request_id = d.pop("request_id")

        error_envelope_error = cls(
            code=code,
            message=message,
            details=details,
            timestamp=timestamp,
            request_id=request_id,
        )

        error_envelope_error.additional_properties = d
        return error_envelope_error

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
