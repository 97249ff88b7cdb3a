from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_registry_entry_meta import McpRegistryEntryMeta
    from ..models.mcp_registry_entry_remotes_item import McpRegistryEntryRemotesItem


T = TypeVar("T", bound="McpRegistryEntry")


@_attrs_define
class McpRegistryEntry:
    """An MCP registry server.json (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json).

    Attributes:
        schema (str): The server.json schema it follows
        name (str): Reverse-DNS name: the host reversed, `/session-analysis`
        description (str):
        version (str): The service's version
        remotes (list[McpRegistryEntryRemotesItem]):
        title (str | Unset):
        website_url (str | Unset):
        field_meta (McpRegistryEntryMeta | Unset): Publisher metadata: the authorization
    """

    schema: str
    name: str
    description: str
    version: str
    remotes: list[McpRegistryEntryRemotesItem]
    title: str | Unset = UNSET
    website_url: str | Unset = UNSET
    field_meta: McpRegistryEntryMeta | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schema = self.schema

        name = self.name

        description = self.description

        version = self.version

        remotes = []
        for remotes_item_data in self.remotes:
            remotes_item = remotes_item_data.to_dict()
            remotes.append(remotes_item)

        title = self.title

        website_url = self.website_url

        field_meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.field_meta, Unset):
            field_meta = self.field_meta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "$schema": schema,
                "name": name,
                "description": description,
                "version": version,
                "remotes": remotes,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if website_url is not UNSET:
            field_dict["websiteUrl"] = website_url
        if field_meta is not UNSET:
            field_dict["_meta"] = field_meta

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_registry_entry_meta import McpRegistryEntryMeta
        from ..models.mcp_registry_entry_remotes_item import McpRegistryEntryRemotesItem

        d = dict(src_dict)
        schema = d.pop("$schema")

        name = d.pop("name")

        description = d.pop("description")

        version = d.pop("version")

        remotes = []
        _remotes = d.pop("remotes")
        for remotes_item_data in _remotes:
            remotes_item = McpRegistryEntryRemotesItem.from_dict(remotes_item_data)

            remotes.append(remotes_item)

        title = d.pop("title", UNSET)

        website_url = d.pop("websiteUrl", UNSET)

        _field_meta = d.pop("_meta", UNSET)
        field_meta: McpRegistryEntryMeta | Unset
        if isinstance(_field_meta, Unset):
            field_meta = UNSET
        else:
            field_meta = McpRegistryEntryMeta.from_dict(_field_meta)

        mcp_registry_entry = cls(
            schema=schema,
            name=name,
            description=description,
            version=version,
            remotes=remotes,
            title=title,
            website_url=website_url,
            field_meta=field_meta,
        )

        mcp_registry_entry.additional_properties = d
        return mcp_registry_entry

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
