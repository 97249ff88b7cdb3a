from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_results_type_0_detailed_analysis import (
        AnalysisResultsType0DetailedAnalysis,
    )
    from ..models.finding import Finding


T = TypeVar("T", bound="AnalysisResultsType0")


@_attrs_define
class AnalysisResultsType0:
    """
    Attributes:
        summary (str):
        key_findings (list[Finding]):
        detailed_analysis (AnalysisResultsType0DetailedAnalysis):
        recommendations (list[str]):
    """

    summary: str
    key_findings: list[Finding]
    detailed_analysis: AnalysisResultsType0DetailedAnalysis
    recommendations: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        key_findings = []
        for key_findings_item_data in self.key_findings:
            key_findings_item = key_findings_item_data.to_dict()
            key_findings.append(key_findings_item)

        detailed_analysis = self.detailed_analysis.to_dict()

        recommendations = self.recommendations

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary": summary,
                "key_findings": key_findings,
                "detailed_analysis": detailed_analysis,
                "recommendations": recommendations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_results_type_0_detailed_analysis import (
            AnalysisResultsType0DetailedAnalysis,
        )
        from ..models.finding import Finding

        d = dict(src_dict)
        summary = d.pop("summary")

        key_findings = []
        _key_findings = d.pop("key_findings")
        for key_findings_item_data in _key_findings:
            key_findings_item = Finding.from_dict(key_findings_item_data)

            key_findings.append(key_findings_item)

        detailed_analysis = AnalysisResultsType0DetailedAnalysis.from_dict(
            d.pop("detailed_analysis")
        )

        recommendations = cast(list[str], d.pop("recommendations"))

        analysis_results_type_0 = cls(
            summary=summary,
            key_findings=key_findings,
            detailed_analysis=detailed_analysis,
            recommendations=recommendations,
        )

        analysis_results_type_0.additional_properties = d
        return analysis_results_type_0

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
