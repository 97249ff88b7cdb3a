from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_session_request_parameters_priority import (
    UpdateSessionRequestParametersPriority,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateSessionRequestParameters")


@_attrs_define
class UpdateSessionRequestParameters:
    """
    Attributes:
        confidence_threshold (float | Unset):
        priority (UpdateSessionRequestParametersPriority | Unset):
    """

    confidence_threshold: float | Unset = UNSET
    priority: UpdateSessionRequestParametersPriority | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        confidence_threshold = self.confidence_threshold

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if confidence_threshold is not UNSET:
            field_dict["confidence_threshold"] = confidence_threshold
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        confidence_threshold = d.pop("confidence_threshold", UNSET)

        _priority = d.pop("priority", UNSET)
        priority: UpdateSessionRequestParametersPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = UpdateSessionRequestParametersPriority(_priority)

        update_session_request_parameters = cls(
            confidence_threshold=confidence_threshold,
            priority=priority,
        )

        update_session_request_parameters.additional_properties = d
        return update_session_request_parameters

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
