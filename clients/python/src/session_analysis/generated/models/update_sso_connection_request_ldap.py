from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_sso_connection_request_ldap_bind_mode import (
    UpdateSsoConnectionRequestLdapBindMode,
)
from ..models.update_sso_connection_request_ldap_default_role_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType1,
)
from ..models.update_sso_connection_request_ldap_default_role_type_2_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType2Type1,
)
from ..models.update_sso_connection_request_ldap_default_role_type_3_type_1 import (
    UpdateSsoConnectionRequestLdapDefaultRoleType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_sso_connection_request_ldap_group_roles import (
        UpdateSsoConnectionRequestLdapGroupRoles,
    )


T = TypeVar("T", bound="UpdateSsoConnectionRequestLdap")


@_attrs_define
class UpdateSsoConnectionRequestLdap:
    """LDAP: fields to change.

    Attributes:
        url (str | Unset):
        start_tls (bool | Unset):
        bind_mode (UpdateSsoConnectionRequestLdapBindMode | Unset):
        service_dn (None | str | Unset):
        bind_dn_template (None | str | Unset):
        base_dn (str | Unset):
        user_filter (str | Unset):
        username_attribute (str | Unset):
        email_attribute (str | Unset):
        group_base_dn (None | str | Unset):
        group_roles (UpdateSsoConnectionRequestLdapGroupRoles | Unset):
        default_role (None | Unset | UpdateSsoConnectionRequestLdapDefaultRoleType1 |
            UpdateSsoConnectionRequestLdapDefaultRoleType2Type1 | UpdateSsoConnectionRequestLdapDefaultRoleType3Type1):
    """

    url: str | Unset = UNSET
    start_tls: bool | Unset = UNSET
    bind_mode: UpdateSsoConnectionRequestLdapBindMode | Unset = UNSET
    service_dn: None | str | Unset = UNSET
    bind_dn_template: None | str | Unset = UNSET
    base_dn: str | Unset = UNSET
    user_filter: str | Unset = UNSET
    username_attribute: str | Unset = UNSET
    email_attribute: str | Unset = UNSET
    group_base_dn: None | str | Unset = UNSET
    group_roles: UpdateSsoConnectionRequestLdapGroupRoles | Unset = UNSET
    default_role: (
        None
        | Unset
        | UpdateSsoConnectionRequestLdapDefaultRoleType1
        | UpdateSsoConnectionRequestLdapDefaultRoleType2Type1
        | UpdateSsoConnectionRequestLdapDefaultRoleType3Type1
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        start_tls = self.start_tls

        bind_mode: str | Unset = UNSET
        if not isinstance(self.bind_mode, Unset):
            bind_mode = self.bind_mode.value

        service_dn: None | str | Unset
        if isinstance(self.service_dn, Unset):
            service_dn = UNSET
        else:
            service_dn = self.service_dn

        bind_dn_template: None | str | Unset
        if isinstance(self.bind_dn_template, Unset):
            bind_dn_template = UNSET
        else:
            bind_dn_template = self.bind_dn_template

        base_dn = self.base_dn

        user_filter = self.user_filter

        username_attribute = self.username_attribute

        email_attribute = self.email_attribute

        group_base_dn: None | str | Unset
        if isinstance(self.group_base_dn, Unset):
            group_base_dn = UNSET
        else:
            group_base_dn = self.group_base_dn

        group_roles: dict[str, Any] | Unset = UNSET
        if not isinstance(self.group_roles, Unset):
            group_roles = self.group_roles.to_dict()

        default_role: None | str | Unset
        if isinstance(self.default_role, Unset):
            default_role = UNSET
        elif (
            isinstance(
                self.default_role, UpdateSsoConnectionRequestLdapDefaultRoleType1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestLdapDefaultRoleType2Type1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestLdapDefaultRoleType3Type1
            )
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if start_tls is not UNSET:
            field_dict["start_tls"] = start_tls
        if bind_mode is not UNSET:
            field_dict["bind_mode"] = bind_mode
        if service_dn is not UNSET:
            field_dict["service_dn"] = service_dn
        if bind_dn_template is not UNSET:
            field_dict["bind_dn_template"] = bind_dn_template
        if base_dn is not UNSET:
            field_dict["base_dn"] = base_dn
        if user_filter is not UNSET:
            field_dict["user_filter"] = user_filter
        if username_attribute is not UNSET:
            field_dict["username_attribute"] = username_attribute
        if email_attribute is not UNSET:
            field_dict["email_attribute"] = email_attribute
        if group_base_dn is not UNSET:
            field_dict["group_base_dn"] = group_base_dn
        if group_roles is not UNSET:
            field_dict["group_roles"] = group_roles
        if default_role is not UNSET:
            field_dict["default_role"] = default_role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_sso_connection_request_ldap_group_roles import (
            UpdateSsoConnectionRequestLdapGroupRoles,
        )

        d = dict(src_dict)
        url = d.pop("url", UNSET)

        start_tls = d.pop("start_tls", UNSET)

        _bind_mode = d.pop("bind_mode", UNSET)
        bind_mode: UpdateSsoConnectionRequestLdapBindMode | Unset
        if isinstance(_bind_mode, Unset):
            bind_mode = UNSET
        else:
            bind_mode = UpdateSsoConnectionRequestLdapBindMode(_bind_mode)

        def _parse_service_dn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        service_dn = _parse_service_dn(d.pop("service_dn", UNSET))

        def _parse_bind_dn_template(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bind_dn_template = _parse_bind_dn_template(d.pop("bind_dn_template", UNSET))

        base_dn = d.pop("base_dn", UNSET)

        user_filter = d.pop("user_filter", UNSET)

        username_attribute = d.pop("username_attribute", UNSET)

        email_attribute = d.pop("email_attribute", UNSET)

        def _parse_group_base_dn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group_base_dn = _parse_group_base_dn(d.pop("group_base_dn", UNSET))

        _group_roles = d.pop("group_roles", UNSET)
        group_roles: UpdateSsoConnectionRequestLdapGroupRoles | Unset
        if isinstance(_group_roles, Unset):
            group_roles = UNSET
        else:
            group_roles = UpdateSsoConnectionRequestLdapGroupRoles.from_dict(
                _group_roles
            )

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | Unset
            | UpdateSsoConnectionRequestLdapDefaultRoleType1
            | UpdateSsoConnectionRequestLdapDefaultRoleType2Type1
            | UpdateSsoConnectionRequestLdapDefaultRoleType3Type1
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = UpdateSsoConnectionRequestLdapDefaultRoleType1(
                    data
                )

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = (
                    UpdateSsoConnectionRequestLdapDefaultRoleType2Type1(data)
                )

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = (
                    UpdateSsoConnectionRequestLdapDefaultRoleType3Type1(data)
                )

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | Unset
                | UpdateSsoConnectionRequestLdapDefaultRoleType1
                | UpdateSsoConnectionRequestLdapDefaultRoleType2Type1
                | UpdateSsoConnectionRequestLdapDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role", UNSET))

        update_sso_connection_request_ldap = cls(
            url=url,
            start_tls=start_tls,
            bind_mode=bind_mode,
            service_dn=service_dn,
            bind_dn_template=bind_dn_template,
            base_dn=base_dn,
            user_filter=user_filter,
            username_attribute=username_attribute,
            email_attribute=email_attribute,
            group_base_dn=group_base_dn,
            group_roles=group_roles,
            default_role=default_role,
        )

        update_sso_connection_request_ldap.additional_properties = d
        return update_sso_connection_request_ldap

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
