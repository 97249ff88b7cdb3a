from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_session_request_metadata import UpdateSessionRequestMetadata
    from ..models.update_session_request_parameters import (
        UpdateSessionRequestParameters,
    )


T = TypeVar("T", bound="UpdateSessionRequest")


@_attrs_define
class UpdateSessionRequest:
    """
    Attributes:
        parameters (UpdateSessionRequestParameters | Unset):
        metadata (UpdateSessionRequestMetadata | Unset):
    """

    parameters: UpdateSessionRequestParameters | Unset = UNSET
    metadata: UpdateSessionRequestMetadata | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if parameters is not UNSET:
            field_dict["parameters"] = parameters
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_session_request_metadata import (
            UpdateSessionRequestMetadata,
        )
        from ..models.update_session_request_parameters import (
            UpdateSessionRequestParameters,
        )

        d = dict(src_dict)
        _parameters = d.pop("parameters", UNSET)
        parameters: UpdateSessionRequestParameters | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = UpdateSessionRequestParameters.from_dict(_parameters)

        _metadata = d.pop("metadata", UNSET)
        metadata: UpdateSessionRequestMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = UpdateSessionRequestMetadata.from_dict(_metadata)

        update_session_request = cls(
            parameters=parameters,
            metadata=metadata,
        )

        update_session_request.additional_properties = d
        return update_session_request

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
