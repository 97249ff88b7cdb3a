from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.organization_invitation_role import OrganizationInvitationRole
from ..models.organization_invitation_status import OrganizationInvitationStatus

T = TypeVar("T", bound="CreatedInvitation")


@_attrs_define
class CreatedInvitation:
    """
    Attributes:
        id (str):
        email (str):
        role (OrganizationInvitationRole): owner > admin > member
        status (OrganizationInvitationStatus):
        invited_by (str):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        token (str): Single-use; returned only here. Expires after 7 days.
        email_sent (bool): Always true: the invitation mail is committed with the invitation and sent (retried until
            delivered); without a mail service the invitation is refused with 503
    """

    id: str
    email: str
    role: OrganizationInvitationRole
    status: OrganizationInvitationStatus
    invited_by: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    token: str
    email_sent: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        role = self.role.value

        status = self.status.value

        invited_by = self.invited_by

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        token = self.token

        email_sent = self.email_sent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "role": role,
                "status": status,
                "invited_by": invited_by,
                "created_at": created_at,
                "expires_at": expires_at,
                "token": token,
                "email_sent": email_sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        role = OrganizationInvitationRole(d.pop("role"))

        status = OrganizationInvitationStatus(d.pop("status"))

        invited_by = d.pop("invited_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        token = d.pop("token")

        email_sent = d.pop("email_sent")

        created_invitation = cls(
            id=id,
            email=email,
            role=role,
            status=status,
            invited_by=invited_by,
            created_at=created_at,
            expires_at=expires_at,
            token=token,
            email_sent=email_sent,
        )

        created_invitation.additional_properties = d
        return created_invitation

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
