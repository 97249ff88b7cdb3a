from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AuditEntryActor")


@_attrs_define
class AuditEntryActor:
    """
    Attributes:
        user_id (None | str): Null when an organization API key acted
        username (None | str): The acting person's current username; null for an organization API key or a deleted
            account Example: ada.
        email (None | str): The acting person's current email address; null for an organization API key or a deleted
            account Example: ada@example.com.
        credential (str): `<kind>:<id>`: login_token, oauth_token or api_key
    """

    user_id: None | str
    username: None | str
    email: None | str
    credential: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id: None | str
        user_id = self.user_id

        username: None | str
        username = self.username

        email: None | str
        email = self.email

        credential = self.credential

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "username": username,
                "email": email,
                "credential": credential,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        credential = d.pop("credential")

        audit_entry_actor = cls(
            user_id=user_id,
            username=username,
            email=email,
            credential=credential,
        )

        audit_entry_actor.additional_properties = d
        return audit_entry_actor

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
