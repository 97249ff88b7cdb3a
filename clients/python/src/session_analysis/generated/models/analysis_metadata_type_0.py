from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisMetadataType0")


@_attrs_define
class AnalysisMetadataType0:
    """
    Attributes:
        analysis_duration (int):
        model_version (str):
        processing_nodes (int):
        data_points_analyzed (int):
    """

    analysis_duration: int
    model_version: str
    processing_nodes: int
    data_points_analyzed: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        analysis_duration = self.analysis_duration

        model_version = self.model_version

        processing_nodes = self.processing_nodes

        data_points_analyzed = self.data_points_analyzed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "analysis_duration": analysis_duration,
                "model_version": model_version,
                "processing_nodes": processing_nodes,
                "data_points_analyzed": data_points_analyzed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        analysis_duration = d.pop("analysis_duration")

        model_version = d.pop("model_version")

        processing_nodes = d.pop("processing_nodes")

        data_points_analyzed = d.pop("data_points_analyzed")

        analysis_metadata_type_0 = cls(
            analysis_duration=analysis_duration,
            model_version=model_version,
            processing_nodes=processing_nodes,
            data_points_analyzed=data_points_analyzed,
        )

        analysis_metadata_type_0.additional_properties = d
        return analysis_metadata_type_0

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
