from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_server_metadata_scopes_supported_item import (
    AuthorizationServerMetadataScopesSupportedItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthorizationServerMetadata")


@_attrs_define
class AuthorizationServerMetadata:
    """RFC 8414 §2 authorization server metadata.

    Attributes:
        issuer (str):
        authorization_endpoint (str):
        token_endpoint (str):
        jwks_uri (str):
        response_types_supported (list[str]):
        revocation_endpoint (str | Unset):
        introspection_endpoint (str | Unset):
        scopes_supported (list[AuthorizationServerMetadataScopesSupportedItem] | Unset):
        grant_types_supported (list[str] | Unset):
        code_challenge_methods_supported (list[str] | Unset):
    """

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    response_types_supported: list[str]
    revocation_endpoint: str | Unset = UNSET
    introspection_endpoint: str | Unset = UNSET
    scopes_supported: list[AuthorizationServerMetadataScopesSupportedItem] | Unset = (
        UNSET
    )
    grant_types_supported: list[str] | Unset = UNSET
    code_challenge_methods_supported: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        authorization_endpoint = self.authorization_endpoint

        token_endpoint = self.token_endpoint

        jwks_uri = self.jwks_uri

        response_types_supported = self.response_types_supported

        revocation_endpoint = self.revocation_endpoint

        introspection_endpoint = self.introspection_endpoint

        scopes_supported: list[str] | Unset = UNSET
        if not isinstance(self.scopes_supported, Unset):
            scopes_supported = []
            for scopes_supported_item_data in self.scopes_supported:
                scopes_supported_item = scopes_supported_item_data.value
                scopes_supported.append(scopes_supported_item)

        grant_types_supported: list[str] | Unset = UNSET
        if not isinstance(self.grant_types_supported, Unset):
            grant_types_supported = self.grant_types_supported

        code_challenge_methods_supported: list[str] | Unset = UNSET
        if not isinstance(self.code_challenge_methods_supported, Unset):
            code_challenge_methods_supported = self.code_challenge_methods_supported

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "issuer": issuer,
                "authorization_endpoint": authorization_endpoint,
                "token_endpoint": token_endpoint,
                "jwks_uri": jwks_uri,
                "response_types_supported": response_types_supported,
            }
        )
        if revocation_endpoint is not UNSET:
            field_dict["revocation_endpoint"] = revocation_endpoint
        if introspection_endpoint is not UNSET:
            field_dict["introspection_endpoint"] = introspection_endpoint
        if scopes_supported is not UNSET:
            field_dict["scopes_supported"] = scopes_supported
        if grant_types_supported is not UNSET:
            field_dict["grant_types_supported"] = grant_types_supported
        if code_challenge_methods_supported is not UNSET:
            field_dict["code_challenge_methods_supported"] = (
                code_challenge_methods_supported
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        issuer = d.pop("issuer")

        authorization_endpoint = d.pop("authorization_endpoint")

        token_endpoint = d.pop("token_endpoint")

        jwks_uri = d.pop("jwks_uri")

        response_types_supported = cast(list[str], d.pop("response_types_supported"))

        revocation_endpoint = d.pop("revocation_endpoint", UNSET)

        introspection_endpoint = d.pop("introspection_endpoint", UNSET)

        _scopes_supported = d.pop("scopes_supported", UNSET)
        scopes_supported: (
            list[AuthorizationServerMetadataScopesSupportedItem] | Unset
        ) = UNSET
        if _scopes_supported is not UNSET:
            scopes_supported = []
            for scopes_supported_item_data in _scopes_supported:
                scopes_supported_item = AuthorizationServerMetadataScopesSupportedItem(
                    scopes_supported_item_data
                )

                scopes_supported.append(scopes_supported_item)

        grant_types_supported = cast(list[str], d.pop("grant_types_supported", UNSET))

        code_challenge_methods_supported = cast(
            list[str], d.pop("code_challenge_methods_supported", UNSET)
        )

        authorization_server_metadata = cls(
            issuer=issuer,
            authorization_endpoint=authorization_endpoint,
            token_endpoint=token_endpoint,
            jwks_uri=jwks_uri,
            response_types_supported=response_types_supported,
            revocation_endpoint=revocation_endpoint,
            introspection_endpoint=introspection_endpoint,
            scopes_supported=scopes_supported,
            grant_types_supported=grant_types_supported,
            code_challenge_methods_supported=code_challenge_methods_supported,
        )

        authorization_server_metadata.additional_properties = d
        return authorization_server_metadata

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
