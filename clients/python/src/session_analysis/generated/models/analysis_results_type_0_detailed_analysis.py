from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_results_type_0_detailed_analysis_spatial_data import (
        AnalysisResultsType0DetailedAnalysisSpatialData,
    )
    from ..models.analysis_results_type_0_detailed_analysis_temporal_data import (
        AnalysisResultsType0DetailedAnalysisTemporalData,
    )
    from ..models.finding import Finding


T = TypeVar("T", bound="AnalysisResultsType0DetailedAnalysis")


@_attrs_define
class AnalysisResultsType0DetailedAnalysis:
    """
    Attributes:
        spatial_data (AnalysisResultsType0DetailedAnalysisSpatialData):
        temporal_data (AnalysisResultsType0DetailedAnalysisTemporalData):
        visual_data (list[Finding]):
    """

    spatial_data: AnalysisResultsType0DetailedAnalysisSpatialData
    temporal_data: AnalysisResultsType0DetailedAnalysisTemporalData
    visual_data: list[Finding]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        spatial_data = self.spatial_data.to_dict()

        temporal_data = self.temporal_data.to_dict()

        visual_data = []
        for visual_data_item_data in self.visual_data:
            visual_data_item = visual_data_item_data.to_dict()
            visual_data.append(visual_data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "spatial_data": spatial_data,
                "temporal_data": temporal_data,
                "visual_data": visual_data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_results_type_0_detailed_analysis_spatial_data import (
            AnalysisResultsType0DetailedAnalysisSpatialData,
        )
        from ..models.analysis_results_type_0_detailed_analysis_temporal_data import (
            AnalysisResultsType0DetailedAnalysisTemporalData,
        )
        from ..models.finding import Finding

        d = dict(src_dict)
        spatial_data = AnalysisResultsType0DetailedAnalysisSpatialData.from_dict(
            d.pop("spatial_data")
        )

        temporal_data = AnalysisResultsType0DetailedAnalysisTemporalData.from_dict(
            d.pop("temporal_data")
        )

        visual_data = []
        _visual_data = d.pop("visual_data")
        for visual_data_item_data in _visual_data:
            visual_data_item = Finding.from_dict(visual_data_item_data)

            visual_data.append(visual_data_item)

        analysis_results_type_0_detailed_analysis = cls(
            spatial_data=spatial_data,
            temporal_data=temporal_data,
            visual_data=visual_data,
        )

        analysis_results_type_0_detailed_analysis.additional_properties = d
        return analysis_results_type_0_detailed_analysis

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
