from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.development_mail_outbox_messages_item import (
        DevelopmentMailOutboxMessagesItem,
    )


T = TypeVar("T", bound="DevelopmentMailOutbox")


@_attrs_define
class DevelopmentMailOutbox:
    """
    Attributes:
        messages (list[DevelopmentMailOutboxMessagesItem]):
    """

    messages: list[DevelopmentMailOutboxMessagesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "messages": messages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.development_mail_outbox_messages_item import (
            DevelopmentMailOutboxMessagesItem,
        )

        d = dict(src_dict)
        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = DevelopmentMailOutboxMessagesItem.from_dict(
                messages_item_data
            )

            messages.append(messages_item)

        development_mail_outbox = cls(
            messages=messages,
        )

        development_mail_outbox.additional_properties = d
        return development_mail_outbox

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
