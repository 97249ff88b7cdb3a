from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_scim_connection_default_role import CreateScimConnectionDefaultRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_scim_connection_group_roles import (
        CreateScimConnectionGroupRoles,
    )


T = TypeVar("T", bound="CreateScimConnection")


@_attrs_define
class CreateScimConnection:
    """
    Attributes:
        name (str):
        group_roles (CreateScimConnectionGroupRoles | Unset): Directory group displayName (case-insensitive) → the role
            its active members get. Example: {'Session Admins': 'admin'}.
        default_role (CreateScimConnectionDefaultRole | Unset): The role of an active user in no mapped group. Default:
            CreateScimConnectionDefaultRole.MEMBER.
    """

    name: str
    group_roles: CreateScimConnectionGroupRoles | Unset = UNSET
    default_role: CreateScimConnectionDefaultRole | Unset = (
        CreateScimConnectionDefaultRole.MEMBER
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        group_roles: dict[str, Any] | Unset = UNSET
        if not isinstance(self.group_roles, Unset):
            group_roles = self.group_roles.to_dict()

        default_role: str | Unset = UNSET
        if not isinstance(self.default_role, Unset):
            default_role = self.default_role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if group_roles is not UNSET:
            field_dict["group_roles"] = group_roles
        if default_role is not UNSET:
            field_dict["default_role"] = default_role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_scim_connection_group_roles import (
            CreateScimConnectionGroupRoles,
        )

        d = dict(src_dict)
        name = d.pop("name")

        _group_roles = d.pop("group_roles", UNSET)
        group_roles: CreateScimConnectionGroupRoles | Unset
        if isinstance(_group_roles, Unset):
            group_roles = UNSET
        else:
            group_roles = CreateScimConnectionGroupRoles.from_dict(_group_roles)

        _default_role = d.pop("default_role", UNSET)
        default_role: CreateScimConnectionDefaultRole | Unset
        if isinstance(_default_role, Unset):
            default_role = UNSET
        else:
            default_role = CreateScimConnectionDefaultRole(_default_role)

        create_scim_connection = cls(
            name=name,
            group_roles=group_roles,
            default_role=default_role,
        )

        create_scim_connection.additional_properties = d
        return create_scim_connection

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
