from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scim_connection_default_role import ScimConnectionDefaultRole
from ..models.scim_connection_status import ScimConnectionStatus

if TYPE_CHECKING:
    from ..models.scim_connection_group_roles import ScimConnectionGroupRoles


T = TypeVar("T", bound="ScimConnection")


@_attrs_define
class ScimConnection:
    """
    Attributes:
        id (str):
        organization_id (str):
        name (str):
        base_url (str): The SCIM 2.0 base URL to enter at the IdP (the tenant URL).
        token_prefix (str): The token's first characters, to recognise it.
        group_roles (ScimConnectionGroupRoles):
        default_role (ScimConnectionDefaultRole):
        status (ScimConnectionStatus):
        created_at (str):
        rotated_at (None | str):
        revoked_at (None | str):
        last_used_at (None | str):
    """

    id: str
    organization_id: str
    name: str
    base_url: str
    token_prefix: str
    group_roles: ScimConnectionGroupRoles
    default_role: ScimConnectionDefaultRole
    status: ScimConnectionStatus
    created_at: str
    rotated_at: None | str
    revoked_at: None | str
    last_used_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        organization_id = self.organization_id

        name = self.name

        base_url = self.base_url

        token_prefix = self.token_prefix

        group_roles = self.group_roles.to_dict()

        default_role = self.default_role.value

        status = self.status.value

        created_at = self.created_at

        rotated_at: None | str
        rotated_at = self.rotated_at

        revoked_at: None | str
        revoked_at = self.revoked_at

        last_used_at: None | str
        last_used_at = self.last_used_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "name": name,
                "base_url": base_url,
                "token_prefix": token_prefix,
                "group_roles": group_roles,
                "default_role": default_role,
                "status": status,
                "created_at": created_at,
                "rotated_at": rotated_at,
                "revoked_at": revoked_at,
                "last_used_at": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scim_connection_group_roles import ScimConnectionGroupRoles

        d = dict(src_dict)
        id = d.pop("id")

        organization_id = d.pop("organization_id")

        name = d.pop("name")

        base_url = d.pop("base_url")

        token_prefix = d.pop("token_prefix")

        group_roles = ScimConnectionGroupRoles.from_dict(d.pop("group_roles"))

        default_role = ScimConnectionDefaultRole(d.pop("default_role"))

        status = ScimConnectionStatus(d.pop("status"))

        created_at = d.pop("created_at")

        def _parse_rotated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rotated_at = _parse_rotated_at(d.pop("rotated_at"))

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        scim_connection = cls(
            id=id,
            organization_id=organization_id,
            name=name,
            base_url=base_url,
            token_prefix=token_prefix,
            group_roles=group_roles,
            default_role=default_role,
            status=status,
            created_at=created_at,
            rotated_at=rotated_at,
            revoked_at=revoked_at,
            last_used_at=last_used_at,
        )

        scim_connection.additional_properties = d
        return scim_connection

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
