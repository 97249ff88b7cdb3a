from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preferences import Preferences


T = TypeVar("T", bound="UpdateMeResult")


@_attrs_define
class UpdateMeResult:
    """
    Attributes:
        id (str):
        username (str):
        preferences (Preferences):
    """

    id: str
    username: str
    preferences: Preferences
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        preferences = self.preferences.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "preferences": preferences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preferences import Preferences

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        preferences = Preferences.from_dict(d.pop("preferences"))

        update_me_result = cls(
            id=id,
            username=username,
            preferences=preferences,
        )

        update_me_result.additional_properties = d
        return update_me_result

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
