from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScimSearchRequest")


@_attrs_define
class ScimSearchRequest:
    """
    Attributes:
        schemas (list[str] | Unset):
        filter_ (str | Unset):
        start_index (int | Unset):
        count (int | Unset):
        attributes (list[str] | Unset):
        excluded_attributes (list[str] | Unset):
    """

    schemas: list[str] | Unset = UNSET
    filter_: str | Unset = UNSET
    start_index: int | Unset = UNSET
    count: int | Unset = UNSET
    attributes: list[str] | Unset = UNSET
    excluded_attributes: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schemas: list[str] | Unset = UNSET
        if not isinstance(self.schemas, Unset):
            schemas = self.schemas

        filter_ = self.filter_

        start_index = self.start_index

        count = self.count

        attributes: list[str] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = self.attributes

        excluded_attributes: list[str] | Unset = UNSET
        if not isinstance(self.excluded_attributes, Unset):
            excluded_attributes = self.excluded_attributes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if schemas is not UNSET:
            field_dict["schemas"] = schemas
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if start_index is not UNSET:
            field_dict["startIndex"] = start_index
        if count is not UNSET:
            field_dict["count"] = count
        if attributes is not UNSET:
            field_dict["attributes"] = attributes
        if excluded_attributes is not UNSET:
            field_dict["excludedAttributes"] = excluded_attributes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas", UNSET))

        filter_ = d.pop("filter", UNSET)

        start_index = d.pop("startIndex", UNSET)

        count = d.pop("count", UNSET)

        attributes = cast(list[str], d.pop("attributes", UNSET))

        excluded_attributes = cast(list[str], d.pop("excludedAttributes", UNSET))

        scim_search_request = cls(
            schemas=schemas,
            filter_=filter_,
            start_index=start_index,
            count=count,
            attributes=attributes,
            excluded_attributes=excluded_attributes,
        )

        scim_search_request.additional_properties = d
        return scim_search_request

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
