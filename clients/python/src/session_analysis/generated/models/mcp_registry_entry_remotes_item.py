from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mcp_registry_entry_remotes_item_type import (
    McpRegistryEntryRemotesItemType,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_registry_entry_remotes_item_headers_item import (
        McpRegistryEntryRemotesItemHeadersItem,
    )


T = TypeVar("T", bound="McpRegistryEntryRemotesItem")


@_attrs_define
class McpRegistryEntryRemotesItem:
    """
    Attributes:
        type_ (McpRegistryEntryRemotesItemType):
        url (str): The MCP endpoint: <origin>/mcp
        headers (list[McpRegistryEntryRemotesItemHeadersItem] | Unset):
    """

    type_: McpRegistryEntryRemotesItemType
    url: str
    headers: list[McpRegistryEntryRemotesItemHeadersItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        url = self.url

        headers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = []
            for headers_item_data in self.headers:
                headers_item = headers_item_data.to_dict()
                headers.append(headers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "url": url,
            }
        )
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_registry_entry_remotes_item_headers_item import (
            McpRegistryEntryRemotesItemHeadersItem,
        )

        d = dict(src_dict)
        type_ = McpRegistryEntryRemotesItemType(d.pop("type"))

        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: list[McpRegistryEntryRemotesItemHeadersItem] | Unset = UNSET
        if _headers is not UNSET:
            headers = []
            for headers_item_data in _headers:
                headers_item = McpRegistryEntryRemotesItemHeadersItem.from_dict(
                    headers_item_data
                )

                headers.append(headers_item)

        mcp_registry_entry_remotes_item = cls(
            type_=type_,
            url=url,
            headers=headers,
        )

        mcp_registry_entry_remotes_item.additional_properties = d
        return mcp_registry_entry_remotes_item

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
