from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.my_invitation_role import MyInvitationRole

if TYPE_CHECKING:
    from ..models.my_invitation_organization import MyInvitationOrganization


T = TypeVar("T", bound="MyInvitation")


@_attrs_define
class MyInvitation:
    """
    Attributes:
        id (str):  Example: inv_1763776000000123456.
        organization (MyInvitationOrganization):
        inviter (str): The inviter's username
        role (MyInvitationRole):
        expires_at (datetime.datetime):
        created_at (datetime.datetime):
    """

    id: str
    organization: MyInvitationOrganization
    inviter: str
    role: MyInvitationRole
    expires_at: datetime.datetime
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        organization = self.organization.to_dict()

        inviter = self.inviter

        role = self.role.value

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "organization": organization,
                "inviter": inviter,
                "role": role,
                "expires_at": expires_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.my_invitation_organization import MyInvitationOrganization

        d = dict(src_dict)
        id = d.pop("id")

        organization = MyInvitationOrganization.from_dict(d.pop("organization"))

        inviter = d.pop("inviter")

        role = MyInvitationRole(d.pop("role"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        my_invitation = cls(
            id=id,
            organization=organization,
            inviter=inviter,
            role=role,
            expires_at=expires_at,
            created_at=created_at,
        )

        my_invitation.additional_properties = d
        return my_invitation

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
