from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_me_request_preferences import UpdateMeRequestPreferences


T = TypeVar("T", bound="UpdateMeRequest")


@_attrs_define
class UpdateMeRequest:
    """
    Attributes:
        username (str | Unset):  Example: ada_l.
        preferences (UpdateMeRequestPreferences | Unset):
    """

    username: str | Unset = UNSET
    preferences: UpdateMeRequestPreferences | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        preferences: dict[str, Any] | Unset = UNSET
        if not isinstance(self.preferences, Unset):
            preferences = self.preferences.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if username is not UNSET:
            field_dict["username"] = username
        if preferences is not UNSET:
            field_dict["preferences"] = preferences

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_me_request_preferences import UpdateMeRequestPreferences

        d = dict(src_dict)
        username = d.pop("username", UNSET)

        _preferences = d.pop("preferences", UNSET)
        preferences: UpdateMeRequestPreferences | Unset
        if isinstance(_preferences, Unset):
            preferences = UNSET
        else:
            preferences = UpdateMeRequestPreferences.from_dict(_preferences)

        update_me_request = cls(
            username=username,
            preferences=preferences,
        )

        update_me_request.additional_properties = d
        return update_me_request

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
