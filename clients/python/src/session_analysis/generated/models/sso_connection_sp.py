from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SsoConnectionSp")


@_attrs_define
class SsoConnectionSp:
    """SAML: the service provider addresses to enter at the IdP.

    Attributes:
        entity_id (str):
        acs_url (str):
        metadata_url (str):
        login_url (str):
    """

    entity_id: str
    acs_url: str
    metadata_url: str
    login_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entity_id = self.entity_id

        acs_url = self.acs_url

        metadata_url = self.metadata_url

        login_url = self.login_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "entityId": entity_id,
                "acsUrl": acs_url,
                "metadata_url": metadata_url,
                "login_url": login_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entity_id = d.pop("entityId")

        acs_url = d.pop("acsUrl")

        metadata_url = d.pop("metadata_url")

        login_url = d.pop("login_url")

        sso_connection_sp = cls(
            entity_id=entity_id,
            acs_url=acs_url,
            metadata_url=metadata_url,
            login_url=login_url,
        )

        sso_connection_sp.additional_properties = d
        return sso_connection_sp

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
