from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_log_deliveries_item_status import (
    WebhookDeliveryLogDeliveriesItemStatus,
)

if TYPE_CHECKING:
    from ..models.webhook_delivery_log_deliveries_item_attempt_log_item import (
        WebhookDeliveryLogDeliveriesItemAttemptLogItem,
    )


T = TypeVar("T", bound="WebhookDeliveryLogDeliveriesItem")


@_attrs_define
class WebhookDeliveryLogDeliveriesItem:
    """
    Attributes:
        id (str): Also the `webhook-id` header the receiver saw
        event_id (str):
        event_type (str):
        status (WebhookDeliveryLogDeliveriesItemStatus):
        attempts (int):
        last_status_code (int | None):
        last_error (None | str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        attempt_log (list[WebhookDeliveryLogDeliveriesItemAttemptLogItem]):
    """

    id: str
    event_id: str
    event_type: str
    status: WebhookDeliveryLogDeliveriesItemStatus
    attempts: int
    last_status_code: int | None
    last_error: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    attempt_log: list[WebhookDeliveryLogDeliveriesItemAttemptLogItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        event_type = self.event_type

        status = self.status.value

        attempts = self.attempts

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        attempt_log = []
        for attempt_log_item_data in self.attempt_log:
            attempt_log_item = attempt_log_item_data.to_dict()
            attempt_log.append(attempt_log_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event_id": event_id,
                "event_type": event_type,
                "status": status,
                "attempts": attempts,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "created_at": created_at,
                "updated_at": updated_at,
                "attempt_log": attempt_log,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery_log_deliveries_item_attempt_log_item import (
            WebhookDeliveryLogDeliveriesItemAttemptLogItem,
        )

        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        status = WebhookDeliveryLogDeliveriesItemStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        attempt_log = []
        _attempt_log = d.pop("attempt_log")
        for attempt_log_item_data in _attempt_log:
            attempt_log_item = WebhookDeliveryLogDeliveriesItemAttemptLogItem.from_dict(
                attempt_log_item_data
            )

            attempt_log.append(attempt_log_item)

        webhook_delivery_log_deliveries_item = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            last_status_code=last_status_code,
            last_error=last_error,
            created_at=created_at,
            updated_at=updated_at,
            attempt_log=attempt_log,
        )

        webhook_delivery_log_deliveries_item.additional_properties = d
        return webhook_delivery_log_deliveries_item

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
