from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scim_resource import ScimResource


T = TypeVar("T", bound="ScimListResponse")


@_attrs_define
class ScimListResponse:
    """
    Attributes:
        schemas (list[str]):
        total_results (int):
        resources (list[ScimResource]):
        start_index (int | Unset):
        items_per_page (int | Unset):
    """

    schemas: list[str]
    total_results: int
    resources: list[ScimResource]
    start_index: int | Unset = UNSET
    items_per_page: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schemas = self.schemas

        total_results = self.total_results

        resources = []
        for resources_item_data in self.resources:
            resources_item = resources_item_data.to_dict()
            resources.append(resources_item)

        start_index = self.start_index

        items_per_page = self.items_per_page

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "schemas": schemas,
                "totalResults": total_results,
                "Resources": resources,
            }
        )
        if start_index is not UNSET:
            field_dict["startIndex"] = start_index
        if items_per_page is not UNSET:
            field_dict["itemsPerPage"] = items_per_page

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scim_resource import ScimResource

        d = dict(src_dict)
        schemas = cast(list[str], d.pop("schemas"))

        total_results = d.pop("totalResults")

        resources = []
        _resources = d.pop("Resources")
        for resources_item_data in _resources:
            resources_item = ScimResource.from_dict(resources_item_data)

            resources.append(resources_item)

        start_index = d.pop("startIndex", UNSET)

        items_per_page = d.pop("itemsPerPage", UNSET)

        scim_list_response = cls(
            schemas=schemas,
            total_results=total_results,
            resources=resources,
            start_index=start_index,
            items_per_page=items_per_page,
        )

        scim_list_response.additional_properties = d
        return scim_list_response

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
