from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.oauth_authorize_decision_body_action import (
    OauthAuthorizeDecisionBodyAction,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="OauthAuthorizeDecisionBody")


@_attrs_define
class OauthAuthorizeDecisionBody:
    """
    Attributes:
        csrf_token (str):
        action (OauthAuthorizeDecisionBodyAction):
        email (str | Unset):
        password (str | Unset):
        sso_login (str | Unset): With `sso`: a work email or a verified company domain
    """

    csrf_token: str
    action: OauthAuthorizeDecisionBodyAction
    email: str | Unset = UNSET
    password: str | Unset = UNSET
    sso_login: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf_token = self.csrf_token

        action = self.action.value

        email = self.email

        password = self.password

        sso_login = self.sso_login

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf_token": csrf_token,
                "action": action,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if password is not UNSET:
            field_dict["password"] = password
        if sso_login is not UNSET:
            field_dict["sso_login"] = sso_login

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        csrf_token = d.pop("csrf_token")

        action = OauthAuthorizeDecisionBodyAction(d.pop("action"))

        email = d.pop("email", UNSET)

        password = d.pop("password", UNSET)

        sso_login = d.pop("sso_login", UNSET)

        oauth_authorize_decision_body = cls(
            csrf_token=csrf_token,
            action=action,
            email=email,
            password=password,
            sso_login=sso_login,
        )

        oauth_authorize_decision_body.additional_properties = d
        return oauth_authorize_decision_body

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
