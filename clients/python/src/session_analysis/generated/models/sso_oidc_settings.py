from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sso_oidc_settings_default_role_type_1 import (
    SsoOidcSettingsDefaultRoleType1,
)
from ..models.sso_oidc_settings_default_role_type_2_type_1 import (
    SsoOidcSettingsDefaultRoleType2Type1,
)
from ..models.sso_oidc_settings_default_role_type_3_type_1 import (
    SsoOidcSettingsDefaultRoleType3Type1,
)
from ..models.sso_oidc_settings_id_token_algs_item import SsoOidcSettingsIdTokenAlgsItem
from ..models.sso_oidc_settings_token_endpoint_auth_method import (
    SsoOidcSettingsTokenEndpointAuthMethod,
)

if TYPE_CHECKING:
    from ..models.sso_oidc_settings_group_roles import SsoOidcSettingsGroupRoles


T = TypeVar("T", bound="SsoOidcSettings")


@_attrs_define
class SsoOidcSettings:
    """
    Attributes:
        issuer (str): The OpenID Provider's issuer URL, exactly as its discovery document and ID tokens name it.
        client_id (str):
        scopes (list[str]): Requested besides `openid`.
        groups_claim (str):
        group_roles (SsoOidcSettingsGroupRoles):
        default_role (None | SsoOidcSettingsDefaultRoleType1 | SsoOidcSettingsDefaultRoleType2Type1 |
            SsoOidcSettingsDefaultRoleType3Type1):
        authorization_endpoint (str):
        token_endpoint (str):
        jwks_uri (str):
        id_token_algs (list[SsoOidcSettingsIdTokenAlgsItem]): The ID token algorithms accepted: what discovery declares,
            among RS256 and ES256.
        token_endpoint_auth_method (SsoOidcSettingsTokenEndpointAuthMethod):
    """

    issuer: str
    client_id: str
    scopes: list[str]
    groups_claim: str
    group_roles: SsoOidcSettingsGroupRoles
    default_role: (
        None
        | SsoOidcSettingsDefaultRoleType1
        | SsoOidcSettingsDefaultRoleType2Type1
        | SsoOidcSettingsDefaultRoleType3Type1
    )
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    id_token_algs: list[SsoOidcSettingsIdTokenAlgsItem]
    token_endpoint_auth_method: SsoOidcSettingsTokenEndpointAuthMethod
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        client_id = self.client_id

        scopes = self.scopes

        groups_claim = self.groups_claim

        group_roles = self.group_roles.to_dict()

        default_role: None | str
        if (
            isinstance(self.default_role, SsoOidcSettingsDefaultRoleType1)
            or isinstance(self.default_role, SsoOidcSettingsDefaultRoleType2Type1)
            or isinstance(self.default_role, SsoOidcSettingsDefaultRoleType3Type1)
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        authorization_endpoint = self.authorization_endpoint

        token_endpoint = self.token_endpoint

        jwks_uri = self.jwks_uri

        id_token_algs = []
        for id_token_algs_item_data in self.id_token_algs:
            id_token_algs_item = id_token_algs_item_data.value
            id_token_algs.append(id_token_algs_item)

        token_endpoint_auth_method = self.token_endpoint_auth_method.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "issuer": issuer,
                "client_id": client_id,
                "scopes": scopes,
                "groups_claim": groups_claim,
                "group_roles": group_roles,
                "default_role": default_role,
                "authorization_endpoint": authorization_endpoint,
                "token_endpoint": token_endpoint,
                "jwks_uri": jwks_uri,
                "id_token_algs": id_token_algs,
                "token_endpoint_auth_method": token_endpoint_auth_method,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sso_oidc_settings_group_roles import SsoOidcSettingsGroupRoles

        d = dict(src_dict)
        issuer = d.pop("issuer")

        client_id = d.pop("client_id")

        scopes = cast(list[str], d.pop("scopes"))

        groups_claim = d.pop("groups_claim")

        group_roles = SsoOidcSettingsGroupRoles.from_dict(d.pop("group_roles"))

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | SsoOidcSettingsDefaultRoleType1
            | SsoOidcSettingsDefaultRoleType2Type1
            | SsoOidcSettingsDefaultRoleType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = SsoOidcSettingsDefaultRoleType1(data)

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = SsoOidcSettingsDefaultRoleType2Type1(data)

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = SsoOidcSettingsDefaultRoleType3Type1(data)

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SsoOidcSettingsDefaultRoleType1
                | SsoOidcSettingsDefaultRoleType2Type1
                | SsoOidcSettingsDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role"))

        authorization_endpoint = d.pop("authorization_endpoint")

        token_endpoint = d.pop("token_endpoint")

        jwks_uri = d.pop("jwks_uri")

        id_token_algs = []
        _id_token_algs = d.pop("id_token_algs")
        for id_token_algs_item_data in _id_token_algs:
            id_token_algs_item = SsoOidcSettingsIdTokenAlgsItem(id_token_algs_item_data)

            id_token_algs.append(id_token_algs_item)

        token_endpoint_auth_method = SsoOidcSettingsTokenEndpointAuthMethod(
            d.pop("token_endpoint_auth_method")
        )

        sso_oidc_settings = cls(
            issuer=issuer,
            client_id=client_id,
            scopes=scopes,
            groups_claim=groups_claim,
            group_roles=group_roles,
            default_role=default_role,
            authorization_endpoint=authorization_endpoint,
            token_endpoint=token_endpoint,
            jwks_uri=jwks_uri,
            id_token_algs=id_token_algs,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        sso_oidc_settings.additional_properties = d
        return sso_oidc_settings

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
