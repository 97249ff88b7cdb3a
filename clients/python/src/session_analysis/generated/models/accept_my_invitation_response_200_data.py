from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.accept_my_invitation_response_200_data_role import (
    AcceptMyInvitationResponse200DataRole,
)

T = TypeVar("T", bound="AcceptMyInvitationResponse200Data")


@_attrs_define
class AcceptMyInvitationResponse200Data:
    """
    Attributes:
        organization_id (str):
        role (AcceptMyInvitationResponse200DataRole):
    """

    organization_id: str
    role: AcceptMyInvitationResponse200DataRole
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        organization_id = self.organization_id

        role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "organization_id": organization_id,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        organization_id = d.pop("organization_id")

        role = AcceptMyInvitationResponse200DataRole(d.pop("role"))

        accept_my_invitation_response_200_data = cls(
            organization_id=organization_id,
            role=role,
        )

        accept_my_invitation_response_200_data.additional_properties = d
        return accept_my_invitation_response_200_data

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
