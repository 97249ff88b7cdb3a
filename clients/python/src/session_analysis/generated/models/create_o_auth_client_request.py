from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_o_auth_client_request_client_type import (
    CreateOAuthClientRequestClientType,
)
from ..models.create_o_auth_client_request_grant_types_item import (
    CreateOAuthClientRequestGrantTypesItem,
)
from ..models.create_o_auth_client_request_scopes_item import (
    CreateOAuthClientRequestScopesItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateOAuthClientRequest")


@_attrs_define
class CreateOAuthClientRequest:
    """
    Attributes:
        name (str): Shown to users on the consent screen. Example: Acme Reporting.
        client_type (CreateOAuthClientRequestClientType): `confidential`: a server that keeps a client_secret. `public`:
            a native or browser app (no secret, PKCE required).
        grant_types (list[CreateOAuthClientRequestGrantTypesItem]): `authorization_code` and/or `client_credentials`
            (confidential only). `refresh_token` (RFC 7591 §2) may be listed beside authorization_code, which implies it
            anyway; refresh tokens come only from that grant, so it is refused on its own.
        scopes (list[CreateOAuthClientRequestScopesItem]): The most this client may ever be granted; a subset of yours.
        redirect_uris (list[str] | Unset): Absolute; https, or http on a loopback address for native apps. Compared
            exactly. Example: ['https://acme.example/callback'].
    """

    name: str
    client_type: CreateOAuthClientRequestClientType
    grant_types: list[CreateOAuthClientRequestGrantTypesItem]
    scopes: list[CreateOAuthClientRequestScopesItem]
    redirect_uris: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        client_type = self.client_type.value

        grant_types = []
        for grant_types_item_data in self.grant_types:
            grant_types_item = grant_types_item_data.value
            grant_types.append(grant_types_item)

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        redirect_uris: list[str] | Unset = UNSET
        if not isinstance(self.redirect_uris, Unset):
            redirect_uris = self.redirect_uris

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "client_type": client_type,
                "grant_types": grant_types,
                "scopes": scopes,
            }
        )
        if redirect_uris is not UNSET:
            field_dict["redirect_uris"] = redirect_uris

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        client_type = CreateOAuthClientRequestClientType(d.pop("client_type"))

        grant_types = []
        _grant_types = d.pop("grant_types")
        for grant_types_item_data in _grant_types:
            grant_types_item = CreateOAuthClientRequestGrantTypesItem(
                grant_types_item_data
            )

            grant_types.append(grant_types_item)

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = CreateOAuthClientRequestScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        redirect_uris = cast(list[str], d.pop("redirect_uris", UNSET))

        create_o_auth_client_request = cls(
            name=name,
            client_type=client_type,
            grant_types=grant_types,
            scopes=scopes,
            redirect_uris=redirect_uris,
        )

        create_o_auth_client_request.additional_properties = d
        return create_o_auth_client_request

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
