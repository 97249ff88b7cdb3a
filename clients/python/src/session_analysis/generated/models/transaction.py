from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.transaction_status import TransactionStatus
from ..models.transaction_type import TransactionType

T = TypeVar("T", bound="Transaction")


@_attrs_define
class Transaction:
    """
    Attributes:
        id (str):
        type_ (TransactionType):
        amount (float): Money charged (0 for credit-only movements)
        currency (str):
        credits_ (int): Credit change: positive for purchases, grants, renewals and refunds; negative for session
            debits, expired included credits and reversed payments
        status (TransactionStatus):
        created_at (datetime.datetime):
        description (str):
    """

    id: str
    type_: TransactionType
    amount: float
    currency: str
    credits_: int
    status: TransactionStatus
    created_at: datetime.datetime
    description: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        amount = self.amount

        currency = self.currency

        credits_ = self.credits_

        status = self.status.value

        created_at = self.created_at.isoformat()

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "amount": amount,
                "currency": currency,
                "credits": credits_,
                "status": status,
                "created_at": created_at,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = TransactionType(d.pop("type"))

        amount = d.pop("amount")

        currency = d.pop("currency")

        credits_ = d.pop("credits")

        status = TransactionStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        description = d.pop("description")

        transaction = cls(
            id=id,
            type_=type_,
            amount=amount,
            currency=currency,
            credits_=credits_,
            status=status,
            created_at=created_at,
            description=description,
        )

        transaction.additional_properties = d
        return transaction

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
