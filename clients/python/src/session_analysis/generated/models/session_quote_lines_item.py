from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_quote_lines_item_kind import SessionQuoteLinesItemKind

T = TypeVar("T", bound="SessionQuoteLinesItem")


@_attrs_define
class SessionQuoteLinesItem:
    """
    Attributes:
        kind (SessionQuoteLinesItemKind):
        quantity (float): Started minutes, extra analysis types, or the priority factor (1 or 1.5)
        credits_ (int):
    """

    kind: SessionQuoteLinesItemKind
    quantity: float
    credits_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        quantity = self.quantity

        credits_ = self.credits_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "quantity": quantity,
                "credits": credits_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = SessionQuoteLinesItemKind(d.pop("kind"))

        quantity = d.pop("quantity")

        credits_ = d.pop("credits")

        session_quote_lines_item = cls(
            kind=kind,
            quantity=quantity,
            credits_=credits_,
        )

        session_quote_lines_item.additional_properties = d
        return session_quote_lines_item

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
