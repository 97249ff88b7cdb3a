from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TransactionSessionType0")


@_attrs_define
class TransactionSessionType0:
    """The session a `session_debit`, `session_refund` or `session_reprice` movement was for, so a history row can name it;
    null for every other type

        Attributes:
            id (str):  Example: session_1763776000000123456.
            cue (str):  Example: Describe the object in the sealed envelope.
            session_type (str):  Example: remote_viewing.
    """

    id: str
    cue: str
    session_type: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        cue = self.cue

        session_type = self.session_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "cue": cue,
                "session_type": session_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        cue = d.pop("cue")

        session_type = d.pop("session_type")

        transaction_session_type_0 = cls(
            id=id,
            cue=cue,
            session_type=session_type,
        )

        transaction_session_type_0.additional_properties = d
        return transaction_session_type_0

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
