from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.introspection_response_token_type import IntrospectionResponseTokenType
from ..types import UNSET, Unset

T = TypeVar("T", bound="IntrospectionResponse")


@_attrs_define
class IntrospectionResponse:
    """
    Attributes:
        active (bool):
        token_type (IntrospectionResponseTokenType | Unset):
        scope (str | Unset): Space-separated scopes
        client_id (str | Unset):
        sub (str | Unset): User id
        iss (str | Unset): Issuer
        aud (str | Unset): Audience
        iat (int | Unset):
        exp (int | Unset):
        jti (str | Unset): Token id
    """

    active: bool
    token_type: IntrospectionResponseTokenType | Unset = UNSET
    scope: str | Unset = UNSET
    client_id: str | Unset = UNSET
    sub: str | Unset = UNSET
    iss: str | Unset = UNSET
    aud: str | Unset = UNSET
    iat: int | Unset = UNSET
    exp: int | Unset = UNSET
    jti: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        token_type: str | Unset = UNSET
        if not isinstance(self.token_type, Unset):
            token_type = self.token_type.value

        scope = self.scope

        client_id = self.client_id

        sub = self.sub

        iss = self.iss

        aud = self.aud

        iat = self.iat

        exp = self.exp

        jti = self.jti

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
            }
        )
        if token_type is not UNSET:
            field_dict["token_type"] = token_type
        if scope is not UNSET:
            field_dict["scope"] = scope
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if sub is not UNSET:
            field_dict["sub"] = sub
        if iss is not UNSET:
            field_dict["iss"] = iss
        if aud is not UNSET:
            field_dict["aud"] = aud
        if iat is not UNSET:
            field_dict["iat"] = iat
        if exp is not UNSET:
            field_dict["exp"] = exp
        if jti is not UNSET:
            field_dict["jti"] = jti

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active")

        _token_type = d.pop("token_type", UNSET)
        token_type: IntrospectionResponseTokenType | Unset
        if isinstance(_token_type, Unset):
            token_type = UNSET
        else:
            token_type = IntrospectionResponseTokenType(_token_type)

        scope = d.pop("scope", UNSET)

        client_id = d.pop("client_id", UNSET)

        sub = d.pop("sub", UNSET)

        iss = d.pop("iss", UNSET)

        aud = d.pop("aud", UNSET)

        iat = d.pop("iat", UNSET)

        exp = d.pop("exp", UNSET)

        jti = d.pop("jti", UNSET)

        introspection_response = cls(
            active=active,
            token_type=token_type,
            scope=scope,
            client_id=client_id,
            sub=sub,
            iss=iss,
            aud=aud,
            iat=iat,
            exp=exp,
            jti=jti,
        )

        introspection_response.additional_properties = d
        return introspection_response

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
