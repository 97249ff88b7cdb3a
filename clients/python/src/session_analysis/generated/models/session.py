from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_session_type import SessionSessionType
from ..models.session_status import SessionStatus

if TYPE_CHECKING:
    from ..models.session_error_type_0 import SessionErrorType0
    from ..models.session_metadata import SessionMetadata
    from ..models.session_parameters import SessionParameters
    from ..models.session_results_type_0 import SessionResultsType0


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        id (str):  Example: session_1763776000000123456.
        cue (str):
        session_type (SessionSessionType):
        status (SessionStatus):
        stage (None | str): Stage in progress while processing: initial_processing, deep_analysis, final_validation.
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        completed_at (datetime.datetime | None): When processing ended (completed or failed).
        cancelled_at (datetime.datetime | None):
        estimated_completion (datetime.datetime):
        duration (int | None): Seconds actually used, once ended.
        credits_required (int):
        credits_used (int):
        credits_refunded (int):
        confidence_score (float | None):
        parameters (SessionParameters):
        metadata (SessionMetadata):
        results (None | SessionResultsType0):
        error (None | SessionErrorType0):
        websocket_url (str):  Example: wss://api.example/v1/ws/session_1763776000000123456.
    """

    id: str
    cue: str
    session_type: SessionSessionType
    status: SessionStatus
    stage: None | str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    cancelled_at: datetime.datetime | None
    estimated_completion: datetime.datetime
    duration: int | None
    credits_required: int
    credits_used: int
    credits_refunded: int
    confidence_score: float | None
    parameters: SessionParameters
    metadata: SessionMetadata
    results: None | SessionResultsType0
    error: None | SessionErrorType0
    websocket_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.session_error_type_0 import SessionErrorType0
        from ..models.session_results_type_0 import SessionResultsType0

        id = self.id

        cue = self.cue

        session_type = self.session_type.value

        status = self.status.value

        stage: None | str
        stage = self.stage

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

        duration: int | None
        duration = self.duration

        credits_required = self.credits_required

        credits_used = self.credits_used

        credits_refunded = self.credits_refunded

        confidence_score: float | None
        confidence_score = self.confidence_score

        parameters = self.parameters.to_dict()

        metadata = self.metadata.to_dict()

        results: dict[str, Any] | None
        if isinstance(self.results, SessionResultsType0):
            results = self.results.to_dict()
        else:
            results = self.results

        error: dict[str, Any] | None
        if isinstance(self.error, SessionErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        websocket_url = self.websocket_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "cue": cue,
                "session_type": session_type,
                "status": status,
                "stage": stage,
                "created_at": created_at,
                "started_at": started_at,
                "completed_at": completed_at,
                "cancelled_at": cancelled_at,
                "estimated_completion": estimated_completion,
                "duration": duration,
                "credits_required": credits_required,
                "credits_used": credits_used,
                "credits_refunded": credits_refunded,
                "confidence_score": confidence_score,
                "parameters": parameters,
                "metadata": metadata,
                "results": results,
                "error": error,
                "websocket_url": websocket_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_error_type_0 import SessionErrorType0
        from ..models.session_metadata import SessionMetadata
        from ..models.session_parameters import SessionParameters
        from ..models.session_results_type_0 import SessionResultsType0

        d = dict(src_dict)
        id = d.pop("id")

        cue = d.pop("cue")

        session_type = SessionSessionType(d.pop("session_type"))

        status = SessionStatus(d.pop("status"))

        def _parse_stage(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stage = _parse_stage(d.pop("stage"))

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

        def _parse_duration(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration = _parse_duration(d.pop("duration"))

        credits_required = d.pop("credits_required")

        credits_used = d.pop("credits_used")

        credits_refunded = d.pop("credits_refunded")

        def _parse_confidence_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        confidence_score = _parse_confidence_score(d.pop("confidence_score"))

        parameters = SessionParameters.from_dict(d.pop("parameters"))

        metadata = SessionMetadata.from_dict(d.pop("metadata"))

        def _parse_results(data: object) -> None | SessionResultsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_results_type_0 = (
                    SessionResultsType0.from_dict(data)
                )

                return componentsschemas_session_results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionResultsType0, data)

        results = _parse_results(d.pop("results"))

        def _parse_error(data: object) -> None | SessionErrorType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = SessionErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionErrorType0, data)

        error = _parse_error(d.pop("error"))

        websocket_url = d.pop("websocket_url")

        session = cls(
            id=id,
            cue=cue,
            session_type=session_type,
            status=status,
            stage=stage,
            created_at=created_at,
            started_at=started_at,
            completed_at=completed_at,
            cancelled_at=cancelled_at,
            estimated_completion=estimated_completion,
            duration=duration,
            credits_required=credits_required,
            credits_used=credits_used,
            credits_refunded=credits_refunded,
            confidence_score=confidence_score,
            parameters=parameters,
            metadata=metadata,
            results=results,
            error=error,
            websocket_url=websocket_url,
        )

        session.additional_properties = d
        return session

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
