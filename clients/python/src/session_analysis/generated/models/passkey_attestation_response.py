from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PasskeyAttestationResponse")


@_attrs_define
class PasskeyAttestationResponse:
    """
    Attributes:
        client_data_json (str):
        attestation_object (str):
        transports (list[str] | Unset):
        authenticator_data (str | Unset):
        public_key (str | Unset):
        public_key_algorithm (int | Unset):
    """

    client_data_json: str
    attestation_object: str
    transports: list[str] | Unset = UNSET
    authenticator_data: str | Unset = UNSET
    public_key: str | Unset = UNSET
    public_key_algorithm: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_data_json = self.client_data_json

        attestation_object = self.attestation_object

        transports: list[str] | Unset = UNSET
        if not isinstance(self.transports, Unset):
            transports = self.transports

        authenticator_data = self.authenticator_data

        public_key = self.public_key

        public_key_algorithm = self.public_key_algorithm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clientDataJSON": client_data_json,
                "attestationObject": attestation_object,
            }
        )
        if transports is not UNSET:
            field_dict["transports"] = transports
        if authenticator_data is not UNSET:
            field_dict["authenticatorData"] = authenticator_data
        if public_key is not UNSET:
            field_dict["publicKey"] = public_key
        if public_key_algorithm is not UNSET:
            field_dict["publicKeyAlgorithm"] = public_key_algorithm

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_data_json = d.pop("clientDataJSON")

        attestation_object = d.pop("attestationObject")

        transports = cast(list[str], d.pop("transports", UNSET))

        authenticator_data = d.pop("authenticatorData", UNSET)

        public_key = d.pop("publicKey", UNSET)

        public_key_algorithm = d.pop("publicKeyAlgorithm", UNSET)

        passkey_attestation_response = cls(
            client_data_json=client_data_json,
            attestation_object=attestation_object,
            transports=transports,
            authenticator_data=authenticator_data,
            public_key=public_key,
            public_key_algorithm=public_key_algorithm,
        )

        passkey_attestation_response.additional_properties = d
        return passkey_attestation_response

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
