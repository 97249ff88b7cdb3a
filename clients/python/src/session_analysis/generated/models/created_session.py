from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.created_session_session_type import CreatedSessionSessionType
from ..models.created_session_status import CreatedSessionStatus

if TYPE_CHECKING:
    from ..models.session_metadata import SessionMetadata
    from ..models.session_parameters import SessionParameters


T = TypeVar("T", bound="CreatedSession")


@_attrs_define
class CreatedSession:
    """
    Attributes:
        id (str):
        cue (str):
        session_type (CreatedSessionSessionType):
        status (CreatedSessionStatus):
        created_at (datetime.datetime):
        estimated_completion (datetime.datetime):
        credits_required (int):
        parameters (SessionParameters):
        metadata (SessionMetadata):
        websocket_url (str):
    """

    id: str
    cue: str
    session_type: CreatedSessionSessionType
    status: CreatedSessionStatus
    created_at: datetime.datetime
    estimated_completion: datetime.datetime
    credits_required: int
    parameters: SessionParameters
    metadata: SessionMetadata
    websocket_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        cue = self.cue

        session_type = self.session_type.value

        status = self.status.value

        created_at = self.created_at.isoformat()

        estimated_completion = self.estimated_completion.isoformat()

        credits_required = self.credits_required

        parameters = self.parameters.to_dict()

        metadata = self.metadata.to_dict()

        websocket_url = self.websocket_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "cue": cue,
                "session_type": session_type,
                "status": status,
                "created_at": created_at,
                "estimated_completion": estimated_completion,
                "credits_required": credits_required,
                "parameters": parameters,
                "metadata": metadata,
                "websocket_url": websocket_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_metadata import SessionMetadata
        from ..models.session_parameters import SessionParameters

        d = dict(src_dict)
        id = d.pop("id")

        cue = d.pop("cue")

        session_type = CreatedSessionSessionType(d.pop("session_type"))

        status = CreatedSessionStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        estimated_completion = datetime.datetime.fromisoformat(
            d.pop("estimated_completion")
        )

        credits_required = d.pop("credits_required")

        parameters = SessionParameters.from_dict(d.pop("parameters"))

        metadata = SessionMetadata.from_dict(d.pop("metadata"))

        websocket_url = d.pop("websocket_url")

        created_session = cls(
            id=id,
            cue=cue,
            session_type=session_type,
            status=status,
            created_at=created_at,
            estimated_completion=estimated_completion,
            credits_required=credits_required,
            parameters=parameters,
            metadata=metadata,
            websocket_url=websocket_url,
        )

        created_session.additional_properties = d
        return created_session

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
