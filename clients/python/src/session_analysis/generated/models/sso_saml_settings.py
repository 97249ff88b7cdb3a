from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sso_saml_settings_default_role_type_1 import (
    SsoSamlSettingsDefaultRoleType1,
)
from ..models.sso_saml_settings_default_role_type_2_type_1 import (
    SsoSamlSettingsDefaultRoleType2Type1,
)
from ..models.sso_saml_settings_default_role_type_3_type_1 import (
    SsoSamlSettingsDefaultRoleType3Type1,
)

if TYPE_CHECKING:
    from ..models.sso_saml_settings_group_roles import SsoSamlSettingsGroupRoles


T = TypeVar("T", bound="SsoSamlSettings")


@_attrs_define
class SsoSamlSettings:
    """
    Attributes:
        idp_entity_id (str):
        sso_url (str):
        certificates (list[str]): The IdP's signing certificates (public).
        allow_sha1 (bool):
        groups_attribute (str):
        group_roles (SsoSamlSettingsGroupRoles):
        default_role (None | SsoSamlSettingsDefaultRoleType1 | SsoSamlSettingsDefaultRoleType2Type1 |
            SsoSamlSettingsDefaultRoleType3Type1):
    """

    idp_entity_id: str
    sso_url: str
    certificates: list[str]
    allow_sha1: bool
    groups_attribute: str
    group_roles: SsoSamlSettingsGroupRoles
    default_role: (
        None
        | SsoSamlSettingsDefaultRoleType1
        | SsoSamlSettingsDefaultRoleType2Type1
        | SsoSamlSettingsDefaultRoleType3Type1
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        idp_entity_id = self.idp_entity_id

        sso_url = self.sso_url

        certificates = self.certificates

        allow_sha1 = self.allow_sha1

        groups_attribute = self.groups_attribute

        group_roles = self.group_roles.to_dict()

        default_role: None | str
        if (
            isinstance(self.default_role, SsoSamlSettingsDefaultRoleType1)
            or isinstance(self.default_role, SsoSamlSettingsDefaultRoleType2Type1)
            or isinstance(self.default_role, SsoSamlSettingsDefaultRoleType3Type1)
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "idp_entity_id": idp_entity_id,
                "sso_url": sso_url,
                "certificates": certificates,
                "allow_sha1": allow_sha1,
                "groups_attribute": groups_attribute,
                "group_roles": group_roles,
                "default_role": default_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sso_saml_settings_group_roles import SsoSamlSettingsGroupRoles

        d = dict(src_dict)
        idp_entity_id = d.pop("idp_entity_id")

        sso_url = d.pop("sso_url")

        certificates = cast(list[str], d.pop("certificates"))

        allow_sha1 = d.pop("allow_sha1")

        groups_attribute = d.pop("groups_attribute")

        group_roles = SsoSamlSettingsGroupRoles.from_dict(d.pop("group_roles"))

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | SsoSamlSettingsDefaultRoleType1
            | SsoSamlSettingsDefaultRoleType2Type1
            | SsoSamlSettingsDefaultRoleType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = SsoSamlSettingsDefaultRoleType1(data)

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = SsoSamlSettingsDefaultRoleType2Type1(data)

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = SsoSamlSettingsDefaultRoleType3Type1(data)

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SsoSamlSettingsDefaultRoleType1
                | SsoSamlSettingsDefaultRoleType2Type1
                | SsoSamlSettingsDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role"))

        sso_saml_settings = cls(
            idp_entity_id=idp_entity_id,
            sso_url=sso_url,
            certificates=certificates,
            allow_sha1=allow_sha1,
            groups_attribute=groups_attribute,
            group_roles=group_roles,
            default_role=default_role,
        )

        sso_saml_settings.additional_properties = d
        return sso_saml_settings

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
