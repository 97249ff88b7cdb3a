from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_history_entry import AnalysisHistoryEntry


T = TypeVar("T", bound="AnalysisHistory")


@_attrs_define
class AnalysisHistory:
    """
    Attributes:
        analysis_history (list[AnalysisHistoryEntry]):
    """

    analysis_history: list[AnalysisHistoryEntry]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        analysis_history = []
        for analysis_history_item_data in self.analysis_history:
            analysis_history_item = analysis_history_item_data.to_dict()
            analysis_history.append(analysis_history_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "analysis_history": analysis_history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_history_entry import AnalysisHistoryEntry

        d = dict(src_dict)
        analysis_history = []
        _analysis_history = d.pop("analysis_history")
        for analysis_history_item_data in _analysis_history:
            analysis_history_item = AnalysisHistoryEntry.from_dict(
                analysis_history_item_data
            )

            analysis_history.append(analysis_history_item)

        analysis_history = cls(
            analysis_history=analysis_history,
        )

        analysis_history.additional_properties = d
        return analysis_history

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
