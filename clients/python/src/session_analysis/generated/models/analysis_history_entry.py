from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisHistoryEntry")


@_attrs_define
class AnalysisHistoryEntry:
    """
    Attributes:
        timestamp (datetime.datetime):
        stage (str):
        confidence (float):
        notes (str):
    """

    timestamp: datetime.datetime
    stage: str
    confidence: float
    notes: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        timestamp = self.timestamp.isoformat()

        stage = self.stage

        confidence = self.confidence

        notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "timestamp": timestamp,
                "stage": stage,
                "confidence": confidence,
                "notes": notes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        stage = d.pop("stage")

        confidence = d.pop("confidence")

        notes = d.pop("notes")

        analysis_history_entry = cls(
            timestamp=timestamp,
            stage=stage,
            confidence=confidence,
            notes=notes,
        )

        analysis_history_entry.additional_properties = d
        return analysis_history_entry

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
