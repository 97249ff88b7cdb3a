from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SessionMetadata")


@_attrs_define
class SessionMetadata:
    """
    Attributes:
        case_id (None | str):
        client_reference (None | str):
        tags (list[str]):
    """

    case_id: None | str
    client_reference: None | str
    tags: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        case_id: None | str
        case_id = self.case_id

        client_reference: None | str
        client_reference = self.client_reference

        tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "case_id": case_id,
                "client_reference": client_reference,
                "tags": tags,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_case_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        case_id = _parse_case_id(d.pop("case_id"))

        def _parse_client_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_reference = _parse_client_reference(d.pop("client_reference"))

        tags = cast(list[str], d.pop("tags"))

        session_metadata = cls(
            case_id=case_id,
            client_reference=client_reference,
            tags=tags,
        )

        session_metadata.additional_properties = d
        return session_metadata

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
