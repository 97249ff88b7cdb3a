from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sso_ldap_settings_bind_mode import SsoLdapSettingsBindMode
from ..models.sso_ldap_settings_default_role_type_1 import (
    SsoLdapSettingsDefaultRoleType1,
)
from ..models.sso_ldap_settings_default_role_type_2_type_1 import (
    SsoLdapSettingsDefaultRoleType2Type1,
)
from ..models.sso_ldap_settings_default_role_type_3_type_1 import (
    SsoLdapSettingsDefaultRoleType3Type1,
)

if TYPE_CHECKING:
    from ..models.sso_ldap_settings_group_roles import SsoLdapSettingsGroupRoles


T = TypeVar("T", bound="SsoLdapSettings")


@_attrs_define
class SsoLdapSettings:
    """
    Attributes:
        url (str):
        start_tls (bool):
        bind_mode (SsoLdapSettingsBindMode):
        service_dn (None | str):
        bind_dn_template (None | str):
        base_dn (str):
        user_filter (str):
        username_attribute (str):
        email_attribute (str):
        group_base_dn (None | str):
        group_roles (SsoLdapSettingsGroupRoles):
        default_role (None | SsoLdapSettingsDefaultRoleType1 | SsoLdapSettingsDefaultRoleType2Type1 |
            SsoLdapSettingsDefaultRoleType3Type1):
    """

    url: str
    start_tls: bool
    bind_mode: SsoLdapSettingsBindMode
    service_dn: None | str
    bind_dn_template: None | str
    base_dn: str
    user_filter: str
    username_attribute: str
    email_attribute: str
    group_base_dn: None | str
    group_roles: SsoLdapSettingsGroupRoles
    default_role: (
        None
        | SsoLdapSettingsDefaultRoleType1
        | SsoLdapSettingsDefaultRoleType2Type1
        | SsoLdapSettingsDefaultRoleType3Type1
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        start_tls = self.start_tls

        bind_mode = self.bind_mode.value

        service_dn: None | str
        service_dn = self.service_dn

        bind_dn_template: None | str
        bind_dn_template = self.bind_dn_template

        base_dn = self.base_dn

        user_filter = self.user_filter

        username_attribute = self.username_attribute

        email_attribute = self.email_attribute

        group_base_dn: None | str
        group_base_dn = self.group_base_dn

        group_roles = self.group_roles.to_dict()

        default_role: None | str
        if (
            isinstance(self.default_role, SsoLdapSettingsDefaultRoleType1)
            or isinstance(self.default_role, SsoLdapSettingsDefaultRoleType2Type1)
            or isinstance(self.default_role, SsoLdapSettingsDefaultRoleType3Type1)
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "start_tls": start_tls,
                "bind_mode": bind_mode,
                "service_dn": service_dn,
                "bind_dn_template": bind_dn_template,
                "base_dn": base_dn,
                "user_filter": user_filter,
                "username_attribute": username_attribute,
                "email_attribute": email_attribute,
                "group_base_dn": group_base_dn,
                "group_roles": group_roles,
                "default_role": default_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sso_ldap_settings_group_roles import SsoLdapSettingsGroupRoles

        d = dict(src_dict)
        url = d.pop("url")

        start_tls = d.pop("start_tls")

        bind_mode = SsoLdapSettingsBindMode(d.pop("bind_mode"))

        def _parse_service_dn(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        service_dn = _parse_service_dn(d.pop("service_dn"))

        def _parse_bind_dn_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bind_dn_template = _parse_bind_dn_template(d.pop("bind_dn_template"))

        base_dn = d.pop("base_dn")

        user_filter = d.pop("user_filter")

        username_attribute = d.pop("username_attribute")

        email_attribute = d.pop("email_attribute")

        def _parse_group_base_dn(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        group_base_dn = _parse_group_base_dn(d.pop("group_base_dn"))

        group_roles = SsoLdapSettingsGroupRoles.from_dict(d.pop("group_roles"))

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | SsoLdapSettingsDefaultRoleType1
            | SsoLdapSettingsDefaultRoleType2Type1
            | SsoLdapSettingsDefaultRoleType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = SsoLdapSettingsDefaultRoleType1(data)

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = SsoLdapSettingsDefaultRoleType2Type1(data)

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = SsoLdapSettingsDefaultRoleType3Type1(data)

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SsoLdapSettingsDefaultRoleType1
                | SsoLdapSettingsDefaultRoleType2Type1
                | SsoLdapSettingsDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role"))

        sso_ldap_settings = cls(
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

        sso_ldap_settings.additional_properties = d
        return sso_ldap_settings

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
