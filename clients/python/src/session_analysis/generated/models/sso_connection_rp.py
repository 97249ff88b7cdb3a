from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SsoConnectionRp")


@_attrs_define
class SsoConnectionRp:
    """OIDC: the redirect URI to register at the provider, and where users start.

    Attributes:
        redirect_uri (str):
        login_url (str):
    """

    redirect_uri: str
    login_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        redirect_uri = self.redirect_uri

        login_url = self.login_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "redirect_uri": redirect_uri,
                "login_url": login_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        redirect_uri = d.pop("redirect_uri")

        login_url = d.pop("login_url")

        sso_connection_rp = cls(
            redirect_uri=redirect_uri,
            login_url=login_url,
        )

        sso_connection_rp.additional_properties = d
        return sso_connection_rp

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
