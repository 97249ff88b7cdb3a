from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_webhook_request_events_item import CreateWebhookRequestEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateWebhookRequest")


@_attrs_define
class CreateWebhookRequest:
    """
    Attributes:
        url (str): https only; private, loopback, link-local and metadata addresses are refused. In local development
            (`npm run dev`) http:// and loopback or private addresses are accepted too, so `http://localhost:PORT` receives
            deliveries. Example: https://example.com/hooks/session-analysis.
        events (list[CreateWebhookRequestEventsItem]):  Example: ['session.completed', 'analysis.ready'].
        secret (str | Unset): Optional. `whsec_` + padded base64 of 24–64 bytes, or 32–128 printable characters (≥ 10
            distinct) not starting `whsec_`. Generated when absent.
        active (bool | Unset):  Default: True.
        description (str | Unset):
    """

    url: str
    events: list[CreateWebhookRequestEventsItem]
    secret: str | Unset = UNSET
    active: bool | Unset = True
    description: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        secret = self.secret

        active = self.active

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret
        if active is not UNSET:
            field_dict["active"] = active
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = CreateWebhookRequestEventsItem(events_item_data)

            events.append(events_item)

        secret = d.pop("secret", UNSET)

        active = d.pop("active", UNSET)

        description = d.pop("description", UNSET)

        create_webhook_request = cls(
            url=url,
            events=events,
            secret=secret,
            active=active,
            description=description,
        )

        create_webhook_request.additional_properties = d
        return create_webhook_request

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
