from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UpdateOrganizationSettingsRequest")


@_attrs_define
class UpdateOrganizationSettingsRequest:
    """
    Attributes:
        require_mfa (bool): Require a second factor (authenticator app or passkey) of every member: members without one
            get 403 `ORGANIZATION_MFA_REQUIRED` on everything of the organization's until they add one. Organization API
            keys are exempt.
    """

    require_mfa: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        require_mfa = self.require_mfa

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "require_mfa": require_mfa,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        require_mfa = d.pop("require_mfa")

        update_organization_settings_request = cls(
            require_mfa=require_mfa,
        )

        update_organization_settings_request.additional_properties = d
        return update_organization_settings_request

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
