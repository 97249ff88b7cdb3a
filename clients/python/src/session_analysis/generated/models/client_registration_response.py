from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.client_registration_response_token_endpoint_auth_method import (
    ClientRegistrationResponseTokenEndpointAuthMethod,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ClientRegistrationResponse")


@_attrs_define
class ClientRegistrationResponse:
    """
    Attributes:
        client_id (str): dcr_…
        client_id_issued_at (int):
        redirect_uris (list[str]):
        token_endpoint_auth_method (ClientRegistrationResponseTokenEndpointAuthMethod):
        client_name (str | Unset):
        grant_types (list[str] | Unset):
        response_types (list[str] | Unset):
        scope (str | Unset): Scopes the client may be granted
        registration_expires_at (int | Unset): Unix seconds: when the registration goes unless a token is issued to the
            client
    """

    client_id: str
    client_id_issued_at: int
    redirect_uris: list[str]
    token_endpoint_auth_method: ClientRegistrationResponseTokenEndpointAuthMethod
    client_name: str | Unset = UNSET
    grant_types: list[str] | Unset = UNSET
    response_types: list[str] | Unset = UNSET
    scope: str | Unset = UNSET
    registration_expires_at: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_id_issued_at = self.client_id_issued_at

        redirect_uris = self.redirect_uris

        token_endpoint_auth_method = self.token_endpoint_auth_method.value

        client_name = self.client_name

        grant_types: list[str] | Unset = UNSET
        if not isinstance(self.grant_types, Unset):
            grant_types = self.grant_types

        response_types: list[str] | Unset = UNSET
        if not isinstance(self.response_types, Unset):
            response_types = self.response_types

        scope = self.scope

        registration_expires_at = self.registration_expires_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_id_issued_at": client_id_issued_at,
                "redirect_uris": redirect_uris,
                "token_endpoint_auth_method": token_endpoint_auth_method,
            }
        )
        if client_name is not UNSET:
            field_dict["client_name"] = client_name
        if grant_types is not UNSET:
            field_dict["grant_types"] = grant_types
        if response_types is not UNSET:
            field_dict["response_types"] = response_types
        if scope is not UNSET:
            field_dict["scope"] = scope
        if registration_expires_at is not UNSET:
            field_dict["registration_expires_at"] = registration_expires_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_id_issued_at = d.pop("client_id_issued_at")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        token_endpoint_auth_method = ClientRegistrationResponseTokenEndpointAuthMethod(
            d.pop("token_endpoint_auth_method")
        )

        client_name = d.pop("client_name", UNSET)

        grant_types = cast(list[str], d.pop("grant_types", UNSET))

        response_types = cast(list[str], d.pop("response_types", UNSET))

        scope = d.pop("scope", UNSET)

        registration_expires_at = d.pop("registration_expires_at", UNSET)

        client_registration_response = cls(
            client_id=client_id,
            client_id_issued_at=client_id_issued_at,
            redirect_uris=redirect_uris,
            token_endpoint_auth_method=token_endpoint_auth_method,
            client_name=client_name,
            grant_types=grant_types,
            response_types=response_types,
            scope=scope,
            registration_expires_at=registration_expires_at,
        )

        client_registration_response.additional_properties = d
        return client_registration_response

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
