from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analysis_status import AnalysisStatus

if TYPE_CHECKING:
    from ..models.analysis_metadata_type_0 import AnalysisMetadataType0
    from ..models.analysis_results_type_0 import AnalysisResultsType0


T = TypeVar("T", bound="Analysis")


@_attrs_define
class Analysis:
    """
    Attributes:
        session_id (str):
        analysis_id (str):  Example: analysis_1763776000000654321.
        status (AnalysisStatus):
        completed_at (datetime.datetime | None):
        confidence_score (float | None):
        results (AnalysisResultsType0 | None):
        metadata (AnalysisMetadataType0 | None):
    """

    session_id: str
    analysis_id: str
    status: AnalysisStatus
    completed_at: datetime.datetime | None
    confidence_score: float | None
    results: AnalysisResultsType0 | None
    metadata: AnalysisMetadataType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_metadata_type_0 import AnalysisMetadataType0
        from ..models.analysis_results_type_0 import AnalysisResultsType0

        session_id = self.session_id

        analysis_id = self.analysis_id

        status = self.status.value

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        confidence_score: float | None
        confidence_score = self.confidence_score

        results: dict[str, Any] | None
        if isinstance(self.results, AnalysisResultsType0):
            results = self.results.to_dict()
        else:
            results = self.results

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, AnalysisMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "session_id": session_id,
                "analysis_id": analysis_id,
                "status": status,
                "completed_at": completed_at,
                "confidence_score": confidence_score,
                "results": results,
                "metadata": metadata,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_metadata_type_0 import AnalysisMetadataType0
        from ..models.analysis_results_type_0 import AnalysisResultsType0

        d = dict(src_dict)
        session_id = d.pop("session_id")

        analysis_id = d.pop("analysis_id")

        status = AnalysisStatus(d.pop("status"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        def _parse_confidence_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        confidence_score = _parse_confidence_score(d.pop("confidence_score"))

        def _parse_results(data: object) -> AnalysisResultsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                results_type_0 = AnalysisResultsType0.from_dict(data)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalysisResultsType0 | None, data)

        results = _parse_results(d.pop("results"))

        def _parse_metadata(data: object) -> AnalysisMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = AnalysisMetadataType0.from_dict(data)

                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalysisMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))

        analysis = cls(
            session_id=session_id,
            analysis_id=analysis_id,
            status=status,
            completed_at=completed_at,
            confidence_score=confidence_score,
            results=results,
            metadata=metadata,
        )

        analysis.additional_properties = d
        return analysis

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
