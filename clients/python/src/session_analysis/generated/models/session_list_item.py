from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_list_item_session_type import SessionListItemSessionType
from ..models.session_list_item_status import SessionListItemStatus

T = TypeVar("T", bound="SessionListItem")


@_attrs_define
class SessionListItem:
    """
    Attributes:
        id (str):
        cue (str):
        session_type (SessionListItemSessionType):
        status (SessionListItemStatus):
        created_at (datetime.datetime):
        completed_at (datetime.datetime | None):
        confidence_score (float | None):
        credits_used (int):
    """

    id: str
    cue: str
    session_type: SessionListItemSessionType
    status: SessionListItemStatus
    created_at: datetime.datetime
    completed_at: datetime.datetime | None
    confidence_score: float | None
    credits_used: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        cue = self.cue

        session_type = self.session_type.value

        status = self.status.value

        created_at = self.created_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        confidence_score: float | None
        confidence_score = self.confidence_score

        credits_used = self.credits_used

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "cue": cue,
                "session_type": session_type,
                "status": status,
                "created_at": created_at,
                "completed_at": completed_at,
                "confidence_score": confidence_score,
                "credits_used": credits_used,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        cue = d.pop("cue")

        session_type = SessionListItemSessionType(d.pop("session_type"))

        status = SessionListItemStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        credits_used = d.pop("credits_used")

        session_list_item = cls(
            id=id,
            cue=cue,
            session_type=session_type,
            status=status,
            created_at=created_at,
            completed_at=completed_at,
            confidence_score=confidence_score,
            credits_used=credits_used,
        )

        session_list_item.additional_properties = d
        return session_list_item

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
