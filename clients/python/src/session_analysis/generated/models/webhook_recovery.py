from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookRecovery")


@_attrs_define
class WebhookRecovery:
    """
    Attributes:
        since (datetime.datetime):
        queued (int): Deliveries queued by this call (at most 100, oldest first)
        remaining (int): Deliveries still to recover since `since`: call again to queue the next ones
    """

    since: datetime.datetime
    queued: int
    remaining: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        since = self.since.isoformat()

        queued = self.queued

        remaining = self.remaining

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "since": since,
                "queued": queued,
                "remaining": remaining,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        since = datetime.datetime.fromisoformat(d.pop("since"))

        queued = d.pop("queued")

        remaining = d.pop("remaining")

        webhook_recovery = cls(
            since=since,
            queued=queued,
            remaining=remaining,
        )

        webhook_recovery.additional_properties = d
        return webhook_recovery

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
