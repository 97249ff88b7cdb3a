from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.auth_result_token_type import AuthResultTokenType

if TYPE_CHECKING:
    from ..models.user_summary import UserSummary


T = TypeVar("T", bound="AuthResult")


@_attrs_define
class AuthResult:
    """
    Attributes:
        user (UserSummary):
        token (str): JWT access token (RFC 9068)
        token_type (AuthResultTokenType):
        expires_in (int):  Example: 86400.
        refresh_token (str): Opaque, single-use; rotated on every refresh.
    """

    user: UserSummary
    token: str
    token_type: AuthResultTokenType
    expires_in: int
    refresh_token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        token = self.token

        token_type = self.token_type.value

        expires_in = self.expires_in

        refresh_token = self.refresh_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user": user,
                "token": token,
                "token_type": token_type,
                "expires_in": expires_in,
                "refresh_token": refresh_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_summary import UserSummary

        d = dict(src_dict)
        user = UserSummary.from_dict(d.pop("user"))

        token = d.pop("token")

        token_type = AuthResultTokenType(d.pop("token_type"))

        expires_in = d.pop("expires_in")

        refresh_token = d.pop("refresh_token")

        auth_result = cls(
            user=user,
            token=token,
            token_type=token_type,
            expires_in=expires_in,
            refresh_token=refresh_token,
        )

        auth_result.additional_properties = d
        return auth_result

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
