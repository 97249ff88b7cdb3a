from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scim_connection_group_roles_additional_property import (
    ScimConnectionGroupRolesAdditionalProperty,
)

T = TypeVar("T", bound="ScimConnectionGroupRoles")


@_attrs_define
class ScimConnectionGroupRoles:
    additional_properties: dict[str, ScimConnectionGroupRolesAdditionalProperty] = (
        _attrs_field(init=False, factory=dict)
    )

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scim_connection_group_roles = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = ScimConnectionGroupRolesAdditionalProperty(prop_dict)

            additional_properties[prop_name] = additional_property

        scim_connection_group_roles.additional_properties = additional_properties
        return scim_connection_group_roles

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> ScimConnectionGroupRolesAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: ScimConnectionGroupRolesAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
