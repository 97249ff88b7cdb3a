from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TotpEnrolment")


@_attrs_define
class TotpEnrolment:
    """
    Attributes:
        secret (str): Base32 secret, shown only now. Example: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP.
        otpauth_uri (str):  Example: otpauth://totp/Session%20Analysis:ada%40example.com?....
        qr_svg (str): The otpauth URI as a QR code (an SVG document drawn by the service).
    """

    secret: str
    otpauth_uri: str
    qr_svg: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        secret = self.secret

        otpauth_uri = self.otpauth_uri

        qr_svg = self.qr_svg

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "secret": secret,
                "otpauth_uri": otpauth_uri,
                "qr_svg": qr_svg,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        secret = d.pop("secret")

        otpauth_uri = d.pop("otpauth_uri")

        qr_svg = d.pop("qr_svg")

        totp_enrolment = cls(
            secret=secret,
            otpauth_uri=otpauth_uri,
            qr_svg=qr_svg,
        )

        totp_enrolment.additional_properties = d
        return totp_enrolment

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
