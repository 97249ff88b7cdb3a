from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preferences_language import PreferencesLanguage
from ..models.preferences_theme import PreferencesTheme

T = TypeVar("T", bound="Preferences")


@_attrs_define
class Preferences:
    """
    Attributes:
        notifications (bool):
        theme (PreferencesTheme):
        language (PreferencesLanguage):
    """

    notifications: bool
    theme: PreferencesTheme
    language: PreferencesLanguage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        notifications = self.notifications

        theme = self.theme.value

        language = self.language.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "notifications": notifications,
                "theme": theme,
                "language": language,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        notifications = d.pop("notifications")

        theme = PreferencesTheme(d.pop("theme"))

        language = PreferencesLanguage(d.pop("language"))

        preferences = cls(
            notifications=notifications,
            theme=theme,
            language=language,
        )

        preferences.additional_properties = d
        return preferences

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
