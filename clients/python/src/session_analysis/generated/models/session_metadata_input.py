from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SessionMetadataInput")


@_attrs_define
class SessionMetadataInput:
    """
    Attributes:
        case_id (str | Unset):
        client_reference (str | Unset):
        tags (list[str] | Unset):
    """

    case_id: str | Unset = UNSET
    client_reference: str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        case_id = self.case_id

        client_reference = self.client_reference

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if case_id is not UNSET:
            field_dict["case_id"] = case_id
        if client_reference is not UNSET:
            field_dict["client_reference"] = client_reference
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        case_id = d.pop("case_id", UNSET)

        client_reference = d.pop("client_reference", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))

        session_metadata_input = cls(
            case_id=case_id,
            client_reference=client_reference,
            tags=tags,
        )

        session_metadata_input.additional_properties = d
        return session_metadata_input

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
