from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_parameters_input_analysis_types_item import (
    SessionParametersInputAnalysisTypesItem,
)
from ..models.session_parameters_input_priority import SessionParametersInputPriority
from ..types import UNSET, Unset

T = TypeVar("T", bound="SessionParametersInput")


@_attrs_define
class SessionParametersInput:
    """
    Attributes:
        duration (int | Unset): Requested processing seconds (30–3600, default 300). Default: 300.
        confidence_threshold (float | Unset): Findings below it are left out of the results (default 0.5). Default: 0.5.
        analysis_types (list[SessionParametersInputAnalysisTypesItem] | Unset):
        priority (SessionParametersInputPriority | Unset): `high` skips the queue wait (processing starts at once, so
            estimated_completion is 10 % of the duration sooner) and costs 1.5 × the normal price, rounded up. Fixed once
            the session is created. Default: SessionParametersInputPriority.NORMAL.
    """

    duration: int | Unset = 300
    confidence_threshold: float | Unset = 0.5
    analysis_types: list[SessionParametersInputAnalysisTypesItem] | Unset = UNSET
    priority: SessionParametersInputPriority | Unset = (
        SessionParametersInputPriority.NORMAL
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        duration = self.duration

        confidence_threshold = self.confidence_threshold

        analysis_types: list[str] | Unset = UNSET
        if not isinstance(self.analysis_types, Unset):
            analysis_types = []
            for analysis_types_item_data in self.analysis_types:
                analysis_types_item = analysis_types_item_data.value
                analysis_types.append(analysis_types_item)

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if duration is not UNSET:
            field_dict["duration"] = duration
        if confidence_threshold is not UNSET:
            field_dict["confidence_threshold"] = confidence_threshold
        if analysis_types is not UNSET:
            field_dict["analysis_types"] = analysis_types
        if priority is not UNSET:
            field_dict["priority"] = priority

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        duration = d.pop("duration", UNSET)

        confidence_threshold = d.pop("confidence_threshold", UNSET)

        _analysis_types = d.pop("analysis_types", UNSET)
        analysis_types: list[SessionParametersInputAnalysisTypesItem] | Unset = UNSET
        if _analysis_types is not UNSET:
            analysis_types = []
            for analysis_types_item_data in _analysis_types:
                analysis_types_item = SessionParametersInputAnalysisTypesItem(
                    analysis_types_item_data
                )

                analysis_types.append(analysis_types_item)

        _priority = d.pop("priority", UNSET)
        priority: SessionParametersInputPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = SessionParametersInputPriority(_priority)

        session_parameters_input = cls(
            duration=duration,
            confidence_threshold=confidence_threshold,
            analysis_types=analysis_types,
            priority=priority,
        )

        session_parameters_input.additional_properties = d
        return session_parameters_input

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
