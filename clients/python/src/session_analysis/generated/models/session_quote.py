from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_quote_session_type import SessionQuoteSessionType

if TYPE_CHECKING:
    from ..models.session_quote_lines_item import SessionQuoteLinesItem


T = TypeVar("T", bound="SessionQuote")


@_attrs_define
class SessionQuote:
    """
    Attributes:
        session_type (SessionQuoteSessionType):
        credits_required (int): What POST /v1/sessions would debit for this body
        lines (list[SessionQuoteLinesItem]):
        credits_remaining (int): The acting account's balance now
        sufficient (bool): Whether the balance covers credits_required
    """

    session_type: SessionQuoteSessionType
    credits_required: int
    lines: list[SessionQuoteLinesItem]
    credits_remaining: int
    sufficient: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_type = self.session_type.value

        credits_required = self.credits_required

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        credits_remaining = self.credits_remaining

        sufficient = self.sufficient

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "session_type": session_type,
                "credits_required": credits_required,
                "lines": lines,
                "credits_remaining": credits_remaining,
                "sufficient": sufficient,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_quote_lines_item import SessionQuoteLinesItem

        d = dict(src_dict)
        session_type = SessionQuoteSessionType(d.pop("session_type"))

        credits_required = d.pop("credits_required")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = SessionQuoteLinesItem.from_dict(lines_item_data)

            lines.append(lines_item)

        credits_remaining = d.pop("credits_remaining")

        sufficient = d.pop("sufficient")

        session_quote = cls(
            session_type=session_type,
            credits_required=credits_required,
            lines=lines,
            credits_remaining=credits_remaining,
            sufficient=sufficient,
        )

        session_quote.additional_properties = d
        return session_quote

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
