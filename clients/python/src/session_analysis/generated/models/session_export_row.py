from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.session_export_row_results_type_0 import SessionExportRowResultsType0


T = TypeVar("T", bound="SessionExportRow")


@_attrs_define
class SessionExportRow:
    """One line of the NDJSON sessions export

    Attributes:
        id (str):
        session_type (str):
        status (str):
        cue (str):
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None):
        cancelled_at (datetime.datetime | None):
        estimated_completion (datetime.datetime):
        requested_duration (int):
        duration (int | None):
        confidence_threshold (float):
        analysis_types (list[str]):
        priority (str):
        case_id (None | str):
        client_reference (None | str):
        tags (list[str]):
        credits_required (int):
        credits_used (int):
        credits_refunded (int):
        confidence_score (float | None):
        error_code (None | str):
        results (None | SessionExportRowResultsType0): The Session resource's `results` once completed
    """

    id: str
    session_type: str
    status: str
    cue: str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    cancelled_at: datetime.datetime | None
    estimated_completion: datetime.datetime
    requested_duration: int
    duration: int | None
    confidence_threshold: float
    analysis_types: list[str]
    priority: str
    case_id: None | str
    client_reference: None | str
    tags: list[str]
    credits_required: int
    credits_used: int
    credits_refunded: int
    confidence_score: float | None
    error_code: None | str
    results: None | SessionExportRowResultsType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.session_export_row_results_type_0 import (
            SessionExportRowResultsType0,
        )

        id = self.id

        session_type = self.session_type

        status = self.status

        cue = self.cue

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        cancelled_at: None | str
        if isinstance(self.cancelled_at, datetime.datetime):
            cancelled_at = self.cancelled_at.isoformat()
        else:
            cancelled_at = self.cancelled_at

        estimated_completion = self.estimated_completion.isoformat()

        requested_duration = self.requested_duration

        duration: int | None
        duration = self.duration

        confidence_threshold = self.confidence_threshold

        analysis_types = self.analysis_types

        priority = self.priority

        case_id: None | str
        case_id = self.case_id

        client_reference: None | str
        client_reference = self.client_reference

        tags = self.tags

        credits_required = self.credits_required

        credits_used = self.credits_used

        credits_refunded = self.credits_refunded

        confidence_score: float | None
        confidence_score = self.confidence_score

        error_code: None | str
        error_code = self.error_code

        results: dict[str, Any] | None
        if isinstance(self.results, SessionExportRowResultsType0):
            results = self.results.to_dict()
        else:
            results = self.results

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "session_type": session_type,
                "status": status,
                "cue": cue,
                "created_at": created_at,
                "started_at": started_at,
                "completed_at": completed_at,
                "cancelled_at": cancelled_at,
                "estimated_completion": estimated_completion,
                "requested_duration": requested_duration,
                "duration": duration,
                "confidence_threshold": confidence_threshold,
                "analysis_types": analysis_types,
                "priority": priority,
                "case_id": case_id,
                "client_reference": client_reference,
                "tags": tags,
                "credits_required": credits_required,
                "credits_used": credits_used,
                "credits_refunded": credits_refunded,
                "confidence_score": confidence_score,
                "error_code": error_code,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_export_row_results_type_0 import (
            SessionExportRowResultsType0,
        )

        d = dict(src_dict)
        id = d.pop("id")

        session_type = d.pop("session_type")

        status = d.pop("status")

        cue = d.pop("cue")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        def _parse_cancelled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelled_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancelled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancelled_at = _parse_cancelled_at(d.pop("cancelled_at"))

        estimated_completion = datetime.datetime.fromisoformat(
            d.pop("estimated_completion")
        )

        requested_duration = d.pop("requested_duration")

        def _parse_duration(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration = _parse_duration(d.pop("duration"))

        confidence_threshold = d.pop("confidence_threshold")

        analysis_types = cast(list[str], d.pop("analysis_types"))

        priority = d.pop("priority")

        def _parse_case_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        case_id = _parse_case_id(d.pop("case_id"))

        def _parse_client_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_reference = _parse_client_reference(d.pop("client_reference"))

        tags = cast(list[str], d.pop("tags"))

        credits_required = d.pop("credits_required")

        credits_used = d.pop("credits_used")

        credits_refunded = d.pop("credits_refunded")

        def _parse_confidence_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        confidence_score = _parse_confidence_score(d.pop("confidence_score"))

        def _parse_error_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_code = _parse_error_code(d.pop("error_code"))

        def _parse_results(data: object) -> None | SessionExportRowResultsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                results_type_0 = SessionExportRowResultsType0.from_dict(data)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionExportRowResultsType0, data)

        results = _parse_results(d.pop("results"))

        session_export_row = cls(
            id=id,
            session_type=session_type,
            status=status,
            cue=cue,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            cancelled_at=cancelled_at,
            estimated_completion=estimated_completion,
            requested_duration=requested_duration,
            duration=duration,
            confidence_threshold=confidence_threshold,
            analysis_types=analysis_types,
            priority=priority,
            case_id=case_id,
            client_reference=client_reference,
            tags=tags,
            credits_required=credits_required,
            credits_used=credits_used,
            credits_refunded=credits_refunded,
            confidence_score=confidence_score,
            error_code=error_code,
            results=results,
        )

        session_export_row.additional_properties = d
        return session_export_row

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
