from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mfa_challenge_factors_item import MfaChallengeFactorsItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_request_options import PasskeyRequestOptions


T = TypeVar("T", bound="MfaChallenge")


@_attrs_define
class MfaChallenge:
    """
    Attributes:
        mfa_required (bool):
        challenge (str): Single-use; send it to POST /v1/auth/mfa/verify with a second factor before it expires.
        expires_in (int): Seconds the challenge stays valid. Example: 300.
        factors (list[MfaChallengeFactorsItem]): The second factors this account can answer with.
        webauthn (PasskeyRequestOptions | Unset): For an account with passkeys: pass to navigator.credentials.get() (as
            `publicKey`) and send the result as `webauthn`. Its challenge is this sign-in's, single-use.
    """

    mfa_required: bool
    challenge: str
    expires_in: int
    factors: list[MfaChallengeFactorsItem]
    webauthn: PasskeyRequestOptions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mfa_required = self.mfa_required

        challenge = self.challenge

        expires_in = self.expires_in

        factors = []
        for factors_item_data in self.factors:
            factors_item = factors_item_data.value
            factors.append(factors_item)

        webauthn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webauthn, Unset):
            webauthn = self.webauthn.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mfa_required": mfa_required,
                "challenge": challenge,
                "expires_in": expires_in,
                "factors": factors,
            }
        )
        if webauthn is not UNSET:
            field_dict["webauthn"] = webauthn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_request_options import PasskeyRequestOptions

        d = dict(src_dict)
        mfa_required = d.pop("mfa_required")

        challenge = d.pop("challenge")

        expires_in = d.pop("expires_in")

        factors = []
        _factors = d.pop("factors")
        for factors_item_data in _factors:
            factors_item = MfaChallengeFactorsItem(factors_item_data)

            factors.append(factors_item)

        _webauthn = d.pop("webauthn", UNSET)
        webauthn: PasskeyRequestOptions | Unset
        if isinstance(_webauthn, Unset):
            webauthn = UNSET
        else:
            webauthn = PasskeyRequestOptions.from_dict(_webauthn)

        mfa_challenge = cls(
            mfa_required=mfa_required,
            challenge=challenge,
            expires_in=expires_in,
            factors=factors,
            webauthn=webauthn,
        )

        mfa_challenge.additional_properties = d
        return mfa_challenge

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
