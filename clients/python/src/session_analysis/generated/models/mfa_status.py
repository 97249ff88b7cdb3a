from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MfaStatus")


@_attrs_define
class MfaStatus:
    """
    Attributes:
        enabled (bool): Whether sign-in asks for a second factor.
        totp (bool): An authenticator app is set up (confirmed).
        passkeys (int): How many passkeys are registered. Example: 1.
        recovery_codes_remaining (int):  Example: 10.
    """

    enabled: bool
    totp: bool
    passkeys: int
    recovery_codes_remaining: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        totp = self.totp

        passkeys = self.passkeys

        recovery_codes_remaining = self.recovery_codes_remaining

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enabled": enabled,
                "totp": totp,
                "passkeys": passkeys,
                "recovery_codes_remaining": recovery_codes_remaining,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        totp = d.pop("totp")

        passkeys = d.pop("passkeys")

        recovery_codes_remaining = d.pop("recovery_codes_remaining")

        mfa_status = cls(
            enabled=enabled,
            totp=totp,
            passkeys=passkeys,
            recovery_codes_remaining=recovery_codes_remaining,
        )

        mfa_status.additional_properties = d
        return mfa_status

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
