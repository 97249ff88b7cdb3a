from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.o_auth_client import OAuthClient


T = TypeVar("T", bound="ListOAuthClientsResponse200Data")


@_attrs_define
class ListOAuthClientsResponse200Data:
    """
    Attributes:
        clients (list[OAuthClient]):
    """

    clients: list[OAuthClient]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clients = []
        for clients_item_data in self.clients:
            clients_item = clients_item_data.to_dict()
            clients.append(clients_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clients": clients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.o_auth_client import OAuthClient

        d = dict(src_dict)
        clients = []
        _clients = d.pop("clients")
        for clients_item_data in _clients:
            clients_item = OAuthClient.from_dict(clients_item_data)

            clients.append(clients_item)

        list_o_auth_clients_response_200_data = cls(
            clients=clients,
        )

        list_o_auth_clients_response_200_data.additional_properties = d
        return list_o_auth_clients_response_200_data

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
