from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_sso_connection_request_oidc_default_role_type_1 import (
    UpdateSsoConnectionRequestOidcDefaultRoleType1,
)
from ..models.update_sso_connection_request_oidc_default_role_type_2_type_1 import (
    UpdateSsoConnectionRequestOidcDefaultRoleType2Type1,
)
from ..models.update_sso_connection_request_oidc_default_role_type_3_type_1 import (
    UpdateSsoConnectionRequestOidcDefaultRoleType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_sso_connection_request_oidc_group_roles import (
        UpdateSsoConnectionRequestOidcGroupRoles,
    )


T = TypeVar("T", bound="UpdateSsoConnectionRequestOidc")


@_attrs_define
class UpdateSsoConnectionRequestOidc:
    """OIDC: fields to change; the provider is discovered again from the issuer.

    Attributes:
        issuer (str | Unset): The OpenID Provider's issuer URL, exactly as its discovery document and ID tokens name it.
        client_id (str | Unset):
        scopes (list[str] | Unset): Requested besides `openid`.
        groups_claim (str | Unset):
        group_roles (UpdateSsoConnectionRequestOidcGroupRoles | Unset):
        default_role (None | Unset | UpdateSsoConnectionRequestOidcDefaultRoleType1 |
            UpdateSsoConnectionRequestOidcDefaultRoleType2Type1 | UpdateSsoConnectionRequestOidcDefaultRoleType3Type1):
    """

    issuer: str | Unset = UNSET
    client_id: str | Unset = UNSET
    scopes: list[str] | Unset = UNSET
    groups_claim: str | Unset = UNSET
    group_roles: UpdateSsoConnectionRequestOidcGroupRoles | Unset = UNSET
    default_role: (
        None
        | Unset
        | UpdateSsoConnectionRequestOidcDefaultRoleType1
        | UpdateSsoConnectionRequestOidcDefaultRoleType2Type1
        | UpdateSsoConnectionRequestOidcDefaultRoleType3Type1
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        client_id = self.client_id

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        groups_claim = self.groups_claim

        group_roles: dict[str, Any] | Unset = UNSET
        if not isinstance(self.group_roles, Unset):
            group_roles = self.group_roles.to_dict()

        default_role: None | str | Unset
        if isinstance(self.default_role, Unset):
            default_role = UNSET
        elif (
            isinstance(
                self.default_role, UpdateSsoConnectionRequestOidcDefaultRoleType1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestOidcDefaultRoleType2Type1
            )
            or isinstance(
                self.default_role, UpdateSsoConnectionRequestOidcDefaultRoleType3Type1
            )
        ):
            default_role = self.default_role.value
        else:
            default_role = self.default_role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if issuer is not UNSET:
            field_dict["issuer"] = issuer
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if groups_claim is not UNSET:
            field_dict["groups_claim"] = groups_claim
        if group_roles is not UNSET:
            field_dict["group_roles"] = group_roles
        if default_role is not UNSET:
            field_dict["default_role"] = default_role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_sso_connection_request_oidc_group_roles import (
            UpdateSsoConnectionRequestOidcGroupRoles,
        )

        d = dict(src_dict)
        issuer = d.pop("issuer", UNSET)

        client_id = d.pop("client_id", UNSET)

        scopes = cast(list[str], d.pop("scopes", UNSET))

        groups_claim = d.pop("groups_claim", UNSET)

        _group_roles = d.pop("group_roles", UNSET)
        group_roles: UpdateSsoConnectionRequestOidcGroupRoles | Unset
        if isinstance(_group_roles, Unset):
            group_roles = UNSET
        else:
            group_roles = UpdateSsoConnectionRequestOidcGroupRoles.from_dict(
                _group_roles
            )

        def _parse_default_role(
            data: object,
        ) -> (
            None
            | Unset
            | UpdateSsoConnectionRequestOidcDefaultRoleType1
            | UpdateSsoConnectionRequestOidcDefaultRoleType2Type1
            | UpdateSsoConnectionRequestOidcDefaultRoleType3Type1
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_1 = UpdateSsoConnectionRequestOidcDefaultRoleType1(
                    data
                )

                return default_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_2_type_1 = (
                    UpdateSsoConnectionRequestOidcDefaultRoleType2Type1(data)
                )

                return default_role_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_3_type_1 = (
                    UpdateSsoConnectionRequestOidcDefaultRoleType3Type1(data)
                )

                return default_role_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | Unset
                | UpdateSsoConnectionRequestOidcDefaultRoleType1
                | UpdateSsoConnectionRequestOidcDefaultRoleType2Type1
                | UpdateSsoConnectionRequestOidcDefaultRoleType3Type1,
                data,
            )

        default_role = _parse_default_role(d.pop("default_role", UNSET))

        update_sso_connection_request_oidc = cls(
            issuer=issuer,
            client_id=client_id,
            scopes=scopes,
            groups_claim=groups_claim,
            group_roles=group_roles,
            default_role=default_role,
        )

        update_sso_connection_request_oidc.additional_properties = d
        return update_sso_connection_request_oidc

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
