from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DevelopmentMailOutboxMessagesItem")


@_attrs_define
class DevelopmentMailOutboxMessagesItem:
    """
    Attributes:
        id (str):
        to (str):
        subject (str):
        text (str):
        created_at (datetime.datetime):
    """

    id: str
    to: str
    subject: str
    text: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        to = self.to

        subject = self.subject

        text = self.text

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "to": to,
                "subject": subject,
                "text": text,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        to = d.pop("to")

        subject = d.pop("subject")

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        development_mail_outbox_messages_item = cls(
            id=id,
            to=to,
            subject=subject,
            text=text,
            created_at=created_at,
        )

        development_mail_outbox_messages_item.additional_properties = d
        return development_mail_outbox_messages_item

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
