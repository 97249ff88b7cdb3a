from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.register_request_tier import RegisterRequestTier
from ..types import UNSET, Unset

T = TypeVar("T", bound="RegisterRequest")


@_attrs_define
class RegisterRequest:
    """
    Attributes:
        email (str):  Example: ada@example.com.
        username (str):  Example: ada_l.
        password (str): 10–128 characters with at least one letter and one digit, not containing the email's local part.
            Example: correct-horse-42.
        tier (RegisterRequestTier | Unset):  Default: RegisterRequestTier.BASIC.
        marketing_consent (bool | Unset):  Default: False.
    """

    email: str
    username: str
    password: str
    tier: RegisterRequestTier | Unset = RegisterRequestTier.BASIC
    marketing_consent: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        username = self.username

        password = self.password

        tier: str | Unset = UNSET
        if not isinstance(self.tier, Unset):
            tier = self.tier.value

        marketing_consent = self.marketing_consent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "username": username,
                "password": password,
            }
        )
        if tier is not UNSET:
            field_dict["tier"] = tier
        if marketing_consent is not UNSET:
            field_dict["marketing_consent"] = marketing_consent

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        username = d.pop("username")

        password = d.pop("password")

        _tier = d.pop("tier", UNSET)
        tier: RegisterRequestTier | Unset
        if isinstance(_tier, Unset):
            tier = UNSET
        else:
            tier = RegisterRequestTier(_tier)

        marketing_consent = d.pop("marketing_consent", UNSET)

        register_request = cls(
            email=email,
            username=username,
            password=password,
            tier=tier,
            marketing_consent=marketing_consent,
        )

        register_request.additional_properties = d
        return register_request

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
