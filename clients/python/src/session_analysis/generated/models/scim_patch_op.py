from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scim_patch_op_schemas_item import ScimPatchOpSchemasItem

if TYPE_CHECKING:
    from ..models.scim_patch_op_operations_item import ScimPatchOpOperationsItem


T = TypeVar("T", bound="ScimPatchOp")


@_attrs_define
class ScimPatchOp:
    """
    Attributes:
        schemas (list[ScimPatchOpSchemasItem]):
        operations (list[ScimPatchOpOperationsItem]):
    """

    schemas: list[ScimPatchOpSchemasItem]
    operations: list[ScimPatchOpOperationsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schemas = []
        for schemas_item_data in self.schemas:
            schemas_item = schemas_item_data.value
            schemas.append(schemas_item)

        operations = []
        for operations_item_data in self.operations:
            operations_item = operations_item_data.to_dict()
            operations.append(operations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "schemas": schemas,
                "Operations": operations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scim_patch_op_operations_item import ScimPatchOpOperationsItem

        d = dict(src_dict)
        schemas = []
        _schemas = d.pop("schemas")
        for schemas_item_data in _schemas:
            schemas_item = ScimPatchOpSchemasItem(schemas_item_data)

            schemas.append(schemas_item)

        operations = []
        _operations = d.pop("Operations")
        for operations_item_data in _operations:
            operations_item = ScimPatchOpOperationsItem.from_dict(operations_item_data)

            operations.append(operations_item)

        scim_patch_op = cls(
            schemas=schemas,
            operations=operations,
        )

        scim_patch_op.additional_properties = d
        return scim_patch_op

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
