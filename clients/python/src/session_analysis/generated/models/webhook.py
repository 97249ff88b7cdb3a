from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (str):
        url (str):
        events (list[str]):
        active (bool):
        description (str):
        created_at (datetime.datetime):
        last_triggered (datetime.datetime | None):
        organization_id (None | str): Set for an organization's webhook (created with X-Organization-Id): it receives
            the organization's events.
    """

    id: str
    url: str
    events: list[str]
    active: bool
    description: str
    created_at: datetime.datetime
    last_triggered: datetime.datetime | None
    organization_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = self.events

        active = self.active

        description = self.description

        created_at = self.created_at.isoformat()

        last_triggered: None | str
        if isinstance(self.last_triggered, datetime.datetime):
            last_triggered = self.last_triggered.isoformat()
        else:
            last_triggered = self.last_triggered

        organization_id: None | str
        organization_id = self.organization_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "active": active,
                "description": description,
                "created_at": created_at,
                "last_triggered": last_triggered,
                "organization_id": organization_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        active = d.pop("active")

        description = d.pop("description")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_triggered(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_triggered_type_0 = datetime.datetime.fromisoformat(data)

                return last_triggered_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_triggered = _parse_last_triggered(d.pop("last_triggered"))

        def _parse_organization_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            active=active,
            description=description,
            created_at=created_at,
            last_triggered=last_triggered,
            organization_id=organization_id,
        )

        webhook.additional_properties = d
        return webhook

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
