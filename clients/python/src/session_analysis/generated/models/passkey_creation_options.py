from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_creation_options_authenticator_selection import (
        PasskeyCreationOptionsAuthenticatorSelection,
    )
    from ..models.passkey_creation_options_exclude_credentials_item import (
        PasskeyCreationOptionsExcludeCredentialsItem,
    )
    from ..models.passkey_creation_options_extensions import (
        PasskeyCreationOptionsExtensions,
    )
    from ..models.passkey_creation_options_pub_key_cred_params_item import (
        PasskeyCreationOptionsPubKeyCredParamsItem,
    )
    from ..models.passkey_creation_options_rp import PasskeyCreationOptionsRp
    from ..models.passkey_creation_options_user import PasskeyCreationOptionsUser


T = TypeVar("T", bound="PasskeyCreationOptions")


@_attrs_define
class PasskeyCreationOptions:
    """
    Attributes:
        challenge (str):
        rp (PasskeyCreationOptionsRp):
        user (PasskeyCreationOptionsUser):
        pub_key_cred_params (list[PasskeyCreationOptionsPubKeyCredParamsItem]):
        timeout (int | Unset):
        exclude_credentials (list[PasskeyCreationOptionsExcludeCredentialsItem] | Unset):
        authenticator_selection (PasskeyCreationOptionsAuthenticatorSelection | Unset):
        attestation (str | Unset):
        extensions (PasskeyCreationOptionsExtensions | Unset):
    """

    challenge: str
    rp: PasskeyCreationOptionsRp
    user: PasskeyCreationOptionsUser
    pub_key_cred_params: list[PasskeyCreationOptionsPubKeyCredParamsItem]
    timeout: int | Unset = UNSET
    exclude_credentials: list[PasskeyCreationOptionsExcludeCredentialsItem] | Unset = (
        UNSET
    )
    authenticator_selection: PasskeyCreationOptionsAuthenticatorSelection | Unset = (
        UNSET
    )
    attestation: str | Unset = UNSET
    extensions: PasskeyCreationOptionsExtensions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        rp = self.rp.to_dict()

        user = self.user.to_dict()

        pub_key_cred_params = []
        for pub_key_cred_params_item_data in self.pub_key_cred_params:
            pub_key_cred_params_item = pub_key_cred_params_item_data.to_dict()
            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = self.timeout

        exclude_credentials: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.exclude_credentials, Unset):
            exclude_credentials = []
            for exclude_credentials_item_data in self.exclude_credentials:
                exclude_credentials_item = exclude_credentials_item_data.to_dict()
                exclude_credentials.append(exclude_credentials_item)

        authenticator_selection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.authenticator_selection, Unset):
            authenticator_selection = self.authenticator_selection.to_dict()

        attestation = self.attestation

        extensions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extensions, Unset):
            extensions = self.extensions.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "challenge": challenge,
                "rp": rp,
                "user": user,
                "pubKeyCredParams": pub_key_cred_params,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if exclude_credentials is not UNSET:
            field_dict["excludeCredentials"] = exclude_credentials
        if authenticator_selection is not UNSET:
            field_dict["authenticatorSelection"] = authenticator_selection
        if attestation is not UNSET:
            field_dict["attestation"] = attestation
        if extensions is not UNSET:
            field_dict["extensions"] = extensions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_creation_options_authenticator_selection import (
            PasskeyCreationOptionsAuthenticatorSelection,
        )
        from ..models.passkey_creation_options_exclude_credentials_item import (
            PasskeyCreationOptionsExcludeCredentialsItem,
        )
        from ..models.passkey_creation_options_extensions import (
            PasskeyCreationOptionsExtensions,
        )
        from ..models.passkey_creation_options_pub_key_cred_params_item import (
            PasskeyCreationOptionsPubKeyCredParamsItem,
        )
        from ..models.passkey_creation_options_rp import PasskeyCreationOptionsRp
        from ..models.passkey_creation_options_user import PasskeyCreationOptionsUser

        d = dict(src_dict)
        challenge = d.pop("challenge")

        rp = PasskeyCreationOptionsRp.from_dict(d.pop("rp"))

        user = PasskeyCreationOptionsUser.from_dict(d.pop("user"))

        pub_key_cred_params = []
        _pub_key_cred_params = d.pop("pubKeyCredParams")
        for pub_key_cred_params_item_data in _pub_key_cred_params:
            pub_key_cred_params_item = (
                PasskeyCreationOptionsPubKeyCredParamsItem.from_dict(
                    pub_key_cred_params_item_data
                )
            )

            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = d.pop("timeout", UNSET)

        _exclude_credentials = d.pop("excludeCredentials", UNSET)
        exclude_credentials: (
            list[PasskeyCreationOptionsExcludeCredentialsItem] | Unset
        ) = UNSET
        if _exclude_credentials is not UNSET:
            exclude_credentials = []
            for exclude_credentials_item_data in _exclude_credentials:
                exclude_credentials_item = (
                    PasskeyCreationOptionsExcludeCredentialsItem.from_dict(
                        exclude_credentials_item_data
                    )
                )

                exclude_credentials.append(exclude_credentials_item)

        _authenticator_selection = d.pop("authenticatorSelection", UNSET)
        authenticator_selection: PasskeyCreationOptionsAuthenticatorSelection | Unset
        if isinstance(_authenticator_selection, Unset):
            authenticator_selection = UNSET
        else:
            authenticator_selection = (
                PasskeyCreationOptionsAuthenticatorSelection.from_dict(
                    _authenticator_selection
                )
            )

        attestation = d.pop("attestation", UNSET)

        _extensions = d.pop("extensions", UNSET)
        extensions: PasskeyCreationOptionsExtensions | Unset
        if isinstance(_extensions, Unset):
            extensions = UNSET
        else:
            extensions = PasskeyCreationOptionsExtensions.from_dict(_extensions)

        passkey_creation_options = cls(
            challenge=challenge,
            rp=rp,
            user=user,
            pub_key_cred_params=pub_key_cred_params,
            timeout=timeout,
            exclude_credentials=exclude_credentials,
            authenticator_selection=authenticator_selection,
            attestation=attestation,
            extensions=extensions,
        )

        passkey_creation_options.additional_properties = d
        return passkey_creation_options

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
