from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_assertion import PasskeyAssertion


T = TypeVar("T", bound="MfaVerifyRequest")


@_attrs_define
class MfaVerifyRequest:
    """
    Attributes:
        challenge (str):
        webauthn (PasskeyAssertion | Unset): A passkey's assertion: navigator.credentials.get()'s PublicKeyCredential as
            JSON (toJSON()).
        code (str | Unset): The authenticator app's current 6-digit code (RFC 6238). Example: 123456.
        recovery_code (str | Unset): One of the account's unused recovery codes (spent by this use).
    """

    challenge: str
    webauthn: PasskeyAssertion | Unset = UNSET
    code: str | Unset = UNSET
    recovery_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        webauthn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webauthn, Unset):
            webauthn = self.webauthn.to_dict()

        code = self.code

        recovery_code = self.recovery_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenge": challenge,
            }
        )
        if webauthn is not UNSET:
            field_dict["webauthn"] = webauthn
        if code is not UNSET:
            field_dict["code"] = code
        if recovery_code is not UNSET:
            field_dict["recovery_code"] = recovery_code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_assertion import PasskeyAssertion

        d = dict(src_dict)
        challenge = d.pop("challenge")

        _webauthn = d.pop("webauthn", UNSET)
        webauthn: PasskeyAssertion | Unset
        if isinstance(_webauthn, Unset):
            webauthn = UNSET
        else:
            webauthn = PasskeyAssertion.from_dict(_webauthn)

        code = d.pop("code", UNSET)

        recovery_code = d.pop("recovery_code", UNSET)

        mfa_verify_request = cls(
            challenge=challenge,
            webauthn=webauthn,
            code=code,
            recovery_code=recovery_code,
        )

        mfa_verify_request.additional_properties = d
        return mfa_verify_request

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
