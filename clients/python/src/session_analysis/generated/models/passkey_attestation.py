from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.passkey_attestation_authenticator_attachment import (
    PasskeyAttestationAuthenticatorAttachment,
)
from ..models.passkey_attestation_type import PasskeyAttestationType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.passkey_attestation_client_extension_results import (
        PasskeyAttestationClientExtensionResults,
    )
    from ..models.passkey_attestation_response import PasskeyAttestationResponse


T = TypeVar("T", bound="PasskeyAttestation")


@_attrs_define
class PasskeyAttestation:
    """
    Attributes:
        id (str):
        raw_id (str):
        type_ (PasskeyAttestationType):
        response (PasskeyAttestationResponse):
        authenticator_attachment (PasskeyAttestationAuthenticatorAttachment | Unset):
        client_extension_results (PasskeyAttestationClientExtensionResults | Unset):
    """

    id: str
    raw_id: str
    type_: PasskeyAttestationType
    response: PasskeyAttestationResponse
    authenticator_attachment: PasskeyAttestationAuthenticatorAttachment | Unset = UNSET
    client_extension_results: PasskeyAttestationClientExtensionResults | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        raw_id = self.raw_id

        type_ = self.type_.value

        response = self.response.to_dict()

        authenticator_attachment: str | Unset = UNSET
        if not isinstance(self.authenticator_attachment, Unset):
            authenticator_attachment = self.authenticator_attachment.value

        client_extension_results: dict[str, Any] | Unset = UNSET
        if not isinstance(self.client_extension_results, Unset):
            client_extension_results = self.client_extension_results.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rawId": raw_id,
                "type": type_,
                "response": response,
            }
        )
        if authenticator_attachment is not UNSET:
            field_dict["authenticatorAttachment"] = authenticator_attachment
        if client_extension_results is not UNSET:
            field_dict["clientExtensionResults"] = client_extension_results

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_attestation_client_extension_results import (
            PasskeyAttestationClientExtensionResults,
        )
        from ..models.passkey_attestation_response import PasskeyAttestationResponse

        d = dict(src_dict)
        id = d.pop("id")

        raw_id = d.pop("rawId")

        type_ = PasskeyAttestationType(d.pop("type"))

        response = PasskeyAttestationResponse.from_dict(d.pop("response"))

        _authenticator_attachment = d.pop("authenticatorAttachment", UNSET)
        authenticator_attachment: PasskeyAttestationAuthenticatorAttachment | Unset
        if isinstance(_authenticator_attachment, Unset):
            authenticator_attachment = UNSET
        else:
            authenticator_attachment = PasskeyAttestationAuthenticatorAttachment(
                _authenticator_attachment
            )

        _client_extension_results = d.pop("clientExtensionResults", UNSET)
        client_extension_results: PasskeyAttestationClientExtensionResults | Unset
        if isinstance(_client_extension_results, Unset):
            client_extension_results = UNSET
        else:
            client_extension_results = (
                PasskeyAttestationClientExtensionResults.from_dict(
                    _client_extension_results
                )
            )

        passkey_attestation = cls(
            id=id,
            raw_id=raw_id,
            type_=type_,
            response=response,
            authenticator_attachment=authenticator_attachment,
            client_extension_results=client_extension_results,
        )

        passkey_attestation.additional_properties = d
        return passkey_attestation

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
