from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisResultsType0DetailedAnalysisTemporalData")


@_attrs_define
class AnalysisResultsType0DetailedAnalysisTemporalData:
    """
    Attributes:
        time_of_event (datetime.datetime):
        current_status (str):
    """

    time_of_event: datetime.datetime
    current_status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        time_of_event = self.time_of_event.isoformat()

        current_status = self.current_status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "time_of_event": time_of_event,
                "current_status": current_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        time_of_event = datetime.datetime.fromisoformat(d.pop("time_of_event"))

        current_status = d.pop("current_status")

        analysis_results_type_0_detailed_analysis_temporal_data = cls(
            time_of_event=time_of_event,
            current_status=current_status,
        )

        analysis_results_type_0_detailed_analysis_temporal_data.additional_properties = d
        return analysis_results_type_0_detailed_analysis_temporal_data

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
