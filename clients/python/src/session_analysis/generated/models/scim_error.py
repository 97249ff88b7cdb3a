from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scim_error_schemas_item import ScimErrorSchemasItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="ScimError")


@_attrs_define
class ScimError:
    """
    Attributes:
        schemas (list[ScimErrorSchemasItem]):
        status (str): The HTTP status, as a string (RFC 7644 §3.12)
        scim_type (str | Unset):
        detail (str | Unset):
    """

    schemas: list[ScimErrorSchemasItem]
    status: str
    scim_type: str | Unset = UNSET
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schemas = []
        for schemas_item_data in self.schemas:
            schemas_item = schemas_item_data.value
            schemas.append(schemas_item)

        status = self.status

        scim_type = self.scim_type

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "schemas": schemas,
                "status": status,
            }
        )
        if scim_type is not UNSET:
            field_dict["scimType"] = scim_type
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        schemas = []
        _schemas = d.pop("schemas")
        for schemas_item_data in _schemas:
            schemas_item = ScimErrorSchemasItem(schemas_item_data)

            schemas.append(schemas_item)

        status = d.pop("status")

        scim_type = d.pop("scimType", UNSET)

        detail = d.pop("detail", UNSET)

        scim_error = cls(
            schemas=schemas,
            status=status,
            scim_type=scim_type,
            detail=detail,
        )

        scim_error.additional_properties = d
        return scim_error

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
