from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.transaction_status import TransactionStatus
from ..models.transaction_type import TransactionType

if TYPE_CHECKING:
    from ..models.transaction_session_type_0 import TransactionSessionType0


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
        session (None | TransactionSessionType0): The session a `session_debit`, `session_refund` or `session_reprice`
            movement was for, so a history row can name it; null for every other type
    """

    id: str
    type_: TransactionType
    amount: float
    currency: str
    credits_: int
    status: TransactionStatus
    created_at: datetime.datetime
    description: str
    session: None | TransactionSessionType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.transaction_session_type_0 import TransactionSessionType0

        id = self.id

        type_ = self.type_.value

        amount = self.amount

        currency = self.currency

        credits_ = self.credits_

        status = self.status.value

        created_at = self.created_at.isoformat()

        description = self.description

        session: dict[str, Any] | None
        if isinstance(self.session, TransactionSessionType0):
            session = self.session.to_dict()
        else:
            session = self.session

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
                "session": session,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.transaction_session_type_0 import TransactionSessionType0

        d = dict(src_dict)
        id = d.pop("id")

        type_ = TransactionType(d.pop("type"))

        amount = d.pop("amount")

        currency = d.pop("currency")

        credits_ = d.pop("credits")

        status = TransactionStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        description = d.pop("description")

        def _parse_session(data: object) -> None | TransactionSessionType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                session_type_0 = TransactionSessionType0.from_dict(data)

                return session_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TransactionSessionType0, data)

        session = _parse_session(d.pop("session"))

        transaction = cls(
            id=id,
            type_=type_,
            amount=amount,
            currency=currency,
            credits_=credits_,
            status=status,
            created_at=created_at,
            description=description,
            session=session,
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
