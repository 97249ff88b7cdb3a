from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.receive_stripe_event_response_200_data_outcome import (
    ReceiveStripeEventResponse200DataOutcome,
)

T = TypeVar("T", bound="ReceiveStripeEventResponse200Data")


@_attrs_define
class ReceiveStripeEventResponse200Data:
    """
    Attributes:
        event_id (str):
        type_ (str):
        outcome (ReceiveStripeEventResponse200DataOutcome):
    """

    event_id: str
    type_: str
    outcome: ReceiveStripeEventResponse200DataOutcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        type_ = self.type_

        outcome = self.outcome.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event_id": event_id,
                "type": type_,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        type_ = d.pop("type")

        outcome = ReceiveStripeEventResponse200DataOutcome(d.pop("outcome"))

        receive_stripe_event_response_200_data = cls(
            event_id=event_id,
            type_=type_,
            outcome=outcome,
        )

        receive_stripe_event_response_200_data.additional_properties = d
        return receive_stripe_event_response_200_data

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
