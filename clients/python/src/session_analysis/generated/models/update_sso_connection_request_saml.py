from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_sso_connection_request_saml_default_role_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType1,
)
from ..models.update_sso_connection_request_saml_default_role_type_2_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType2Type1,
)
from ..models.update_sso_connection_request_saml_default_role_type_3_type_1 import (
    UpdateSsoConnectionRequestSamlDefaultRoleType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_sso_connection_request_saml_group_roles import (
        UpdateSsoConnectionRequestSamlGroupRoles,
    )


T = TypeVar("T", bound="UpdateSsoConnectionRequestSaml")


@_attrs_define
class UpdateSsoConnectionRequestSaml:
    """SAML: fields to change; `certificates` replaces the list.

    Attributes:
        idp_entity_id (str | Unset):
        sso_url (str | Unset):
        certificates (list[str] | Unset):
        allow_sha1 (bool | Unset):
        groups_attribute (str | Unset):
        group_roles (UpdateSsoConnectionRequestSamlGroupRoles | Unset):
        default_role (None | Unset | UpdateSsoConnectionRequestSamlDefaultRoleType1 |
            UpdateSsoConnectionRequestSamlDefaultRoleType2Type1 | UpdateSsoConnectionRequestSamlDefaultRoleType3Type1):
    """

    idp_entity_id: str | Unset = UNSET
    sso_url: str | Unset = UNSET
    certificates: list[str] | Unset = UNSET
    allow_sha1: bool | Unset = UNSET
    groups_attribute: str | Unset = UNSET
    group_roles: UpdateSsoConnectionRequestSamlGroupRoles | Unset = UNSET
    default_role: (
        None
        | Unset
        | UpdateSsoConnectionRequestSamlDefaultRoleType1
        | UpdateSsoConnectionRequestSamlDefaultRoleType2Type1
        | UpdateSsoConnectionRequestSamlDefaultRoleType3Type1
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        idp_entity_id = self.idp_entity_id

        sso_url = self.sso_url

        certificates: list[str] | Unset = UNSET
        if not isinstance(self.certificates, Unset):
            certificates = self.certificates

        allow_sha1 = self.allow_sha1

        groups_attribute = self.groups_attribute

        group_roles: dict[str, Any] | Unset = UNSET
        if not isinstance(self.group_roles, Unset):
            group_roles = self.group_roles.to_dict()

        default_role: None | str | Unset
        if isinstance(self.default_role, Unset):
            default_role = UNSET
        elif (
            isinstance(
                self.default_role, UpdateSsoConnectionRequestSamlDefaultRoleType1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestSamlDefaultRoleType2Type1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestSamlDefaultRoleType3Type1
            )
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if idp_entity_id is not UNSET:
            field_dict["idp_entity_id"] = idp_entity_id
        if sso_url is not UNSET:
            field_dict["sso_url"] = sso_url
        if certificates is not UNSET:
            field_dict["certificates"] = certificates
        if allow_sha1 is not UNSET:
            field_dict["allow_sha1"] = allow_sha1
        if groups_attribute is not UNSET:
            field_dict["groups_attribute"] = groups_attribute
        if group_roles is not UNSET:
            field_dict["group_roles"] = group_roles
        if default_role is not UNSET:
            field_dict["default_role"] = default_role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_sso_connection_request_saml_group_roles import (
            UpdateSsoConnectionRequestSamlGroupRoles,
        )

        d = dict(src_dict)
        idp_entity_id = d.pop("idp_entity_id", UNSET)

        sso_url = d.pop("sso_url", UNSET)

        certificates = cast(list[str], d.pop("certificates", UNSET))

        allow_sha1 = d.pop("allow_sha1", UNSET)

        groups_attribute = d.pop("groups_attribute", UNSET)

        _group_roles = d.pop("group_roles", UNSET)
        group_roles: UpdateSsoConnectionRequestSamlGroupRoles | Unset
        if isinstance(_group_roles, Unset):
            group_roles = UNSET
        else:
            group_roles = UpdateSsoConnectionRequestSamlGroupRoles.from_dict(
                _group_roles
            )

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | Unset
            | UpdateSsoConnectionRequestSamlDefaultRoleType1
            | UpdateSsoConnectionRequestSamlDefaultRoleType2Type1
            | UpdateSsoConnectionRequestSamlDefaultRoleType3Type1
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = UpdateSsoConnectionRequestSamlDefaultRoleType1(
                    data
                )

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = (
                    UpdateSsoConnectionRequestSamlDefaultRoleType2Type1(data)
                )

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = (
                    UpdateSsoConnectionRequestSamlDefaultRoleType3Type1(data)
                )

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | Unset
                | UpdateSsoConnectionRequestSamlDefaultRoleType1
                | UpdateSsoConnectionRequestSamlDefaultRoleType2Type1
                | UpdateSsoConnectionRequestSamlDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role", UNSET))

        update_sso_connection_request_saml = cls(
            idp_entity_id=idp_entity_id,
            sso_url=sso_url,
            certificates=certificates,
            allow_sha1=allow_sha1,
            groups_attribute=groups_attribute,
            group_roles=group_roles,
            default_role=default_role,
        )

        update_sso_connection_request_saml.additional_properties = d
        return update_sso_connection_request_saml

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
