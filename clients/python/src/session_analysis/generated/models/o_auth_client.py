from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.o_auth_client_client_type import OAuthClientClientType
from ..models.o_auth_client_token_endpoint_auth_method import (
    OAuthClientTokenEndpointAuthMethod,
)

T = TypeVar("T", bound="OAuthClient")


@_attrs_define
class OAuthClient:
    """
    Attributes:
        client_id (str):
        name (str):
        client_type (OAuthClientClientType):
        redirect_uris (list[str]):
        grant_types (list[str]):
        scopes (list[str]):
        token_endpoint_auth_method (OAuthClientTokenEndpointAuthMethod):
        created_at (datetime.datetime):
    """

    client_id: str
    name: str
    client_type: OAuthClientClientType
    redirect_uris: list[str]
    grant_types: list[str]
    scopes: list[str]
    token_endpoint_auth_method: OAuthClientTokenEndpointAuthMethod
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        name = self.name

        client_type = self.client_type.value

        redirect_uris = self.redirect_uris

        grant_types = self.grant_types

        scopes = self.scopes

        token_endpoint_auth_method = self.token_endpoint_auth_method.value

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "name": name,
                "client_type": client_type,
                "redirect_uris": redirect_uris,
                "grant_types": grant_types,
                "scopes": scopes,
                "token_endpoint_auth_method": token_endpoint_auth_method,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        name = d.pop("name")

        client_type = OAuthClientClientType(d.pop("client_type"))

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        grant_types = cast(list[str], d.pop("grant_types"))

        scopes = cast(list[str], d.pop("scopes"))

        token_endpoint_auth_method = OAuthClientTokenEndpointAuthMethod(
            d.pop("token_endpoint_auth_method")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        o_auth_client = cls(
            client_id=client_id,
            name=name,
            client_type=client_type,
            redirect_uris=redirect_uris,
            grant_types=grant_types,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
            created_at=created_at,
        )

        o_auth_client.additional_properties = d
        return o_auth_client

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
