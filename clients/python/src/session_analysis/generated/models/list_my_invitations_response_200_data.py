from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.my_invitation import MyInvitation


T = TypeVar("T", bound="ListMyInvitationsResponse200Data")


@_attrs_define
class ListMyInvitationsResponse200Data:
    """
    Attributes:
        email_verified (bool):
        invitations (list[MyInvitation]):
    """

    email_verified: bool
    invitations: list[MyInvitation]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email_verified = self.email_verified

        invitations = []
        for invitations_item_data in self.invitations:
            invitations_item = invitations_item_data.to_dict()
            invitations.append(invitations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email_verified": email_verified,
                "invitations": invitations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.my_invitation import MyInvitation

        d = dict(src_dict)
        email_verified = d.pop("email_verified")

        invitations = []
        _invitations = d.pop("invitations")
        for invitations_item_data in _invitations:
            invitations_item = MyInvitation.from_dict(invitations_item_data)

            invitations.append(invitations_item)

        list_my_invitations_response_200_data = cls(
            email_verified=email_verified,
            invitations=invitations,
        )

        list_my_invitations_response_200_data.additional_properties = d
        return list_my_invitations_response_200_data

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
