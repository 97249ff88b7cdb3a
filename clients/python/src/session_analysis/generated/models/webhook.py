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
        disabled_at (datetime.datetime | None): When the service disabled the webhook because every attempt failed for 5
            days (`active` is then false); null otherwise. Activating it again (PUT `active: true`) clears it; recover
            resends what it missed.
        failing_since (datetime.datetime | None): The first failed attempt since the last successful one; null while
            deliveries succeed.
        rotation_overlap_ends_at (datetime.datetime | None): After a secret rotation: until this time deliveries are
            signed with the previous secret too (two `v1,` signatures).
    """

    id: str
    url: str
    events: list[str]
    active: bool
    description: str
    created_at: datetime.datetime
    last_triggered: datetime.datetime | None
    organization_id: None | str
    disabled_at: datetime.datetime | None
    failing_since: datetime.datetime | None
    rotation_overlap_ends_at: datetime.datetime | None
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

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        failing_since: None | str
        if isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since

        rotation_overlap_ends_at: None | str
        if isinstance(self.rotation_overlap_ends_at, datetime.datetime):
            rotation_overlap_ends_at = self.rotation_overlap_ends_at.isoformat()
        else:
            rotation_overlap_ends_at = self.rotation_overlap_ends_at

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
                "disabled_at": disabled_at,
                "failing_since": failing_since,
                "rotation_overlap_ends_at": rotation_overlap_ends_at,
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

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        def _parse_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        def _parse_rotation_overlap_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rotation_overlap_ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return rotation_overlap_ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        rotation_overlap_ends_at = _parse_rotation_overlap_ends_at(
            d.pop("rotation_overlap_ends_at")
        )

        webhook = cls(
            id=id,
            url=url,
            events=events,
            active=active,
            description=description,
            created_at=created_at,
            last_triggered=last_triggered,
            organization_id=organization_id,
            disabled_at=disabled_at,
            failing_since=failing_since,
            rotation_overlap_ends_at=rotation_overlap_ends_at,
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
