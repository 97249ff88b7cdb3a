from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scim_connection import ScimConnection


T = TypeVar("T", bound="GetScimConnectionResponse200")


@_attrs_define
class GetScimConnectionResponse200:
    """
    Attributes:
        success (bool):
        data (ScimConnection):
        message (str | Unset):
    """

    success: bool
    data: ScimConnection
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = self.data.to_dict()

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scim_connection import ScimConnection

        d = dict(src_dict)
        success = d.pop("success")

        data = ScimConnection.from_dict(d.pop("data"))

        message = d.pop("message", UNSET)

        get_scim_connection_response_200 = cls(
            success=success,
            data=data,
            message=message,
        )

        get_scim_connection_response_200.additional_properties = d
        return get_scim_connection_response_200

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
