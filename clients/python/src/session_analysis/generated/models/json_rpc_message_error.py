from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_rpc_message_error_data import JsonRpcMessageErrorData


T = TypeVar("T", bound="JsonRpcMessageError")


@_attrs_define
class JsonRpcMessageError:
    """
    Attributes:
        code (int):
        message (str): What went wrong
        data (JsonRpcMessageErrorData | Unset):
    """

    code: int
    message: str
    data: JsonRpcMessageErrorData | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_rpc_message_error_data import JsonRpcMessageErrorData

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        _data = d.pop("data", UNSET)
        data: JsonRpcMessageErrorData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = JsonRpcMessageErrorData.from_dict(_data)

        json_rpc_message_error = cls(
            code=code,
            message=message,
            data=data,
        )

        json_rpc_message_error.additional_properties = d
        return json_rpc_message_error

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
