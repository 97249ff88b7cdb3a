from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_session_request_session_type import CreateSessionRequestSessionType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.session_metadata_input import SessionMetadataInput
    from ..models.session_parameters_input import SessionParametersInput


T = TypeVar("T", bound="CreateSessionRequest")


@_attrs_define
class CreateSessionRequest:
    """
    Attributes:
        cue (str): The question or target text (1–2000 characters, not blank; kept without surrounding whitespace).
        session_type (CreateSessionRequestSessionType):
        parameters (SessionParametersInput | Unset):
        metadata (SessionMetadataInput | Unset):
    """

    cue: str
    session_type: CreateSessionRequestSessionType
    parameters: SessionParametersInput | Unset = UNSET
    metadata: SessionMetadataInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cue = self.cue

        session_type = self.session_type.value

        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cue": cue,
                "session_type": session_type,
            }
        )
        if parameters is not UNSET:
            field_dict["parameters"] = parameters
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_metadata_input import SessionMetadataInput
        from ..models.session_parameters_input import SessionParametersInput

        d = dict(src_dict)
        cue = d.pop("cue")

        session_type = CreateSessionRequestSessionType(d.pop("session_type"))

        _parameters = d.pop("parameters", UNSET)
        parameters: SessionParametersInput | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = SessionParametersInput.from_dict(_parameters)

        _metadata = d.pop("metadata", UNSET)
        metadata: SessionMetadataInput | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = SessionMetadataInput.from_dict(_metadata)

        create_session_request = cls(
            cue=cue,
            session_type=session_type,
            parameters=parameters,
            metadata=metadata,
        )

        create_session_request.additional_properties = d
        return create_session_request

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
