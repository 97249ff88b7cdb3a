from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.session_metadata import SessionMetadata
    from ..models.session_parameters import SessionParameters


T = TypeVar("T", bound="UpdatedSession")


@_attrs_define
class UpdatedSession:
    """
    Attributes:
        id (str):
        parameters (SessionParameters):
        metadata (SessionMetadata):
    """

    id: str
    parameters: SessionParameters
    metadata: SessionMetadata
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        parameters = self.parameters.to_dict()

        metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "parameters": parameters,
                "metadata": metadata,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_metadata import SessionMetadata
        from ..models.session_parameters import SessionParameters

        d = dict(src_dict)
        id = d.pop("id")

        parameters = SessionParameters.from_dict(d.pop("parameters"))

        metadata = SessionMetadata.from_dict(d.pop("metadata"))

        updated_session = cls(
            id=id,
            parameters=parameters,
            metadata=metadata,
        )

        updated_session.additional_properties = d
        return updated_session

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
