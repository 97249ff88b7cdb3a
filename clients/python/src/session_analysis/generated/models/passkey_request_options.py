from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.passkey_request_options_user_verification import (
    PasskeyRequestOptionsUserVerification,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_request_options_allow_credentials_item import (
        PasskeyRequestOptionsAllowCredentialsItem,
    )


T = TypeVar("T", bound="PasskeyRequestOptions")


@_attrs_define
class PasskeyRequestOptions:
    """For an account with passkeys: pass to navigator.credentials.get() (as `publicKey`) and send the result as
    `webauthn`. Its challenge is this sign-in's, single-use.

        Attributes:
            challenge (str):
            timeout (int | Unset):
            rp_id (str | Unset):
            allow_credentials (list[PasskeyRequestOptionsAllowCredentialsItem] | Unset):
            user_verification (PasskeyRequestOptionsUserVerification | Unset):
    """

    challenge: str
    timeout: int | Unset = UNSET
    rp_id: str | Unset = UNSET
    allow_credentials: list[PasskeyRequestOptionsAllowCredentialsItem] | Unset = UNSET
    user_verification: PasskeyRequestOptionsUserVerification | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        timeout = self.timeout

        rp_id = self.rp_id

        allow_credentials: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.allow_credentials, Unset):
            allow_credentials = []
            for allow_credentials_item_data in self.allow_credentials:
                allow_credentials_item = allow_credentials_item_data.to_dict()
                allow_credentials.append(allow_credentials_item)

        user_verification: str | Unset = UNSET
        if not isinstance(self.user_verification, Unset):
            user_verification = self.user_verification.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenge": challenge,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if rp_id is not UNSET:
            field_dict["rpId"] = rp_id
        if allow_credentials is not UNSET:
            field_dict["allowCredentials"] = allow_credentials
        if user_verification is not UNSET:
            field_dict["userVerification"] = user_verification

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_request_options_allow_credentials_item import (
            PasskeyRequestOptionsAllowCredentialsItem,
        )

        d = dict(src_dict)
        challenge = d.pop("challenge")

        timeout = d.pop("timeout", UNSET)

        rp_id = d.pop("rpId", UNSET)

        _allow_credentials = d.pop("allowCredentials", UNSET)
        allow_credentials: list[PasskeyRequestOptionsAllowCredentialsItem] | Unset = (
            UNSET
        )
        if _allow_credentials is not UNSET:
            allow_credentials = []
            for allow_credentials_item_data in _allow_credentials:
                allow_credentials_item = (
                    PasskeyRequestOptionsAllowCredentialsItem.from_dict(
                        allow_credentials_item_data
                    )
                )

                allow_credentials.append(allow_credentials_item)

        _user_verification = d.pop("userVerification", UNSET)
        user_verification: PasskeyRequestOptionsUserVerification | Unset
        if isinstance(_user_verification, Unset):
            user_verification = UNSET
        else:
            user_verification = PasskeyRequestOptionsUserVerification(
                _user_verification
            )

        passkey_request_options = cls(
            challenge=challenge,
            timeout=timeout,
            rp_id=rp_id,
            allow_credentials=allow_credentials,
            user_verification=user_verification,
        )

        passkey_request_options.additional_properties = d
        return passkey_request_options

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
