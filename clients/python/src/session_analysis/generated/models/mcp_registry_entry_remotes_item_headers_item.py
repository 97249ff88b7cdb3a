from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mcp_registry_entry_remotes_item_headers_item_format import (
    McpRegistryEntryRemotesItemHeadersItemFormat,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="McpRegistryEntryRemotesItemHeadersItem")


@_attrs_define
class McpRegistryEntryRemotesItemHeadersItem:
    """
    Attributes:
        name (str):
        description (str | Unset):
        is_required (bool | Unset):
        is_secret (bool | Unset):
        format_ (McpRegistryEntryRemotesItemHeadersItemFormat | Unset):
    """

    name: str
    description: str | Unset = UNSET
    is_required: bool | Unset = UNSET
    is_secret: bool | Unset = UNSET
    format_: McpRegistryEntryRemotesItemHeadersItemFormat | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        is_required = self.is_required

        is_secret = self.is_secret

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if is_required is not UNSET:
            field_dict["isRequired"] = is_required
        if is_secret is not UNSET:
            field_dict["isSecret"] = is_secret
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description", UNSET)

        is_required = d.pop("isRequired", UNSET)

        is_secret = d.pop("isSecret", UNSET)

        _format_ = d.pop("format", UNSET)
        format_: McpRegistryEntryRemotesItemHeadersItemFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = McpRegistryEntryRemotesItemHeadersItemFormat(_format_)

        mcp_registry_entry_remotes_item_headers_item = cls(
            name=name,
            description=description,
            is_required=is_required,
            is_secret=is_secret,
            format_=format_,
        )

        mcp_registry_entry_remotes_item_headers_item.additional_properties = d
        return mcp_registry_entry_remotes_item_headers_item

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
