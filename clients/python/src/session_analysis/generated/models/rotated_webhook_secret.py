from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RotatedWebhookSecret")


@_attrs_define
class RotatedWebhookSecret:
    """
    Attributes:
        id (str):
        secret (str): The new secret, returned only here; it signs every delivery from now on
        rotation_overlap_ends_at (datetime.datetime): Until then deliveries carry a second `v1,` signature made with the
            previous secret
    """

    id: str
    secret: str
    rotation_overlap_ends_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        secret = self.secret

        rotation_overlap_ends_at = self.rotation_overlap_ends_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "secret": secret,
                "rotation_overlap_ends_at": rotation_overlap_ends_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        secret = d.pop("secret")

        rotation_overlap_ends_at = datetime.datetime.fromisoformat(
            d.pop("rotation_overlap_ends_at")
        )

        rotated_webhook_secret = cls(
            id=id,
            secret=secret,
            rotation_overlap_ends_at=rotation_overlap_ends_at,
        )

        rotated_webhook_secret.additional_properties = d
        return rotated_webhook_secret

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
