from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_me_request_preferences_language import (
    UpdateMeRequestPreferencesLanguage,
)
from ..models.update_me_request_preferences_theme import UpdateMeRequestPreferencesTheme
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateMeRequestPreferences")


@_attrs_define
class UpdateMeRequestPreferences:
    """
    Attributes:
        notifications (bool | Unset):
        theme (UpdateMeRequestPreferencesTheme | Unset):
        language (UpdateMeRequestPreferencesLanguage | Unset):
    """

    notifications: bool | Unset = UNSET
    theme: UpdateMeRequestPreferencesTheme | Unset = UNSET
    language: UpdateMeRequestPreferencesLanguage | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        notifications = self.notifications

        theme: str | Unset = UNSET
        if not isinstance(self.theme, Unset):
            theme = self.theme.value

        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if notifications is not UNSET:
            field_dict["notifications"] = notifications
        if theme is not UNSET:
            field_dict["theme"] = theme
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        notifications = d.pop("notifications", UNSET)

        _theme = d.pop("theme", UNSET)
        theme: UpdateMeRequestPreferencesTheme | Unset
        if isinstance(_theme, Unset):
            theme = UNSET
        else:
            theme = UpdateMeRequestPreferencesTheme(_theme)

        _language = d.pop("language", UNSET)
        language: UpdateMeRequestPreferencesLanguage | Unset
        if isinstance(_language, Unset):
            language = UNSET
        else:
            language = UpdateMeRequestPreferencesLanguage(_language)

        update_me_request_preferences = cls(
            notifications=notifications,
            theme=theme,
            language=language,
        )

        update_me_request_preferences.additional_properties = d
        return update_me_request_preferences

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
