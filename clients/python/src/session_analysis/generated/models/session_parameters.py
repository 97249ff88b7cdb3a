from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_parameters_analysis_types_item import (
    SessionParametersAnalysisTypesItem,
)
from ..models.session_parameters_priority import SessionParametersPriority

T = TypeVar("T", bound="SessionParameters")


@_attrs_define
class SessionParameters:
    """
    Attributes:
        duration (int):
        confidence_threshold (float):
        analysis_types (list[SessionParametersAnalysisTypesItem]):
        priority (SessionParametersPriority):
    """

    duration: int
    confidence_threshold: float
    analysis_types: list[SessionParametersAnalysisTypesItem]
    priority: SessionParametersPriority
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        duration = self.duration

        confidence_threshold = self.confidence_threshold

        analysis_types = []
        for analysis_types_item_data in self.analysis_types:
            analysis_types_item = analysis_types_item_data.value
            analysis_types.append(analysis_types_item)

        priority = self.priority.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "duration": duration,
                "confidence_threshold": confidence_threshold,
                "analysis_types": analysis_types,
                "priority": priority,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        duration = d.pop("duration")

        confidence_threshold = d.pop("confidence_threshold")

        analysis_types = []
        _analysis_types = d.pop("analysis_types")
        for analysis_types_item_data in _analysis_types:
            analysis_types_item = SessionParametersAnalysisTypesItem(
                analysis_types_item_data
            )

            analysis_types.append(analysis_types_item)

        priority = SessionParametersPriority(d.pop("priority"))

        session_parameters = cls(
            duration=duration,
            confidence_threshold=confidence_threshold,
            analysis_types=analysis_types,
            priority=priority,
        )

        session_parameters.additional_properties = d
        return session_parameters

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
