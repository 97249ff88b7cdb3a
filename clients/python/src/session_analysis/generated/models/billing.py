from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.billing_pending_tier_type_1 import BillingPendingTierType1
from ..models.billing_pending_tier_type_2_type_1 import BillingPendingTierType2Type1
from ..models.billing_pending_tier_type_3_type_1 import BillingPendingTierType3Type1
from ..models.billing_status import BillingStatus
from ..models.billing_tier import BillingTier
from ..models.billing_trial_tier_type_1 import BillingTrialTierType1
from ..models.billing_trial_tier_type_2_type_1 import BillingTrialTierType2Type1
from ..models.billing_trial_tier_type_3_type_1 import BillingTrialTierType3Type1

if TYPE_CHECKING:
    from ..models.billing_credits import BillingCredits
    from ..models.billing_payment_method_type_0 import BillingPaymentMethodType0
    from ..models.billing_usage import BillingUsage


T = TypeVar("T", bound="Billing")


@_attrs_define
class Billing:
    """
    Attributes:
        tier (BillingTier):
        monthly_fee (float): Monthly fee of the tier, in `currency`
        currency (str):  Example: USD.
        status (BillingStatus): trialing: a paid plan's free trial; past_due: the last fee failed and is being retried
            (dunning)
        trial_ends_at (datetime.datetime | None):
        current_period_start (datetime.datetime):
        current_period_end (datetime.datetime):
        pending_tier (BillingPendingTierType1 | BillingPendingTierType2Type1 | BillingPendingTierType3Type1 | None): A
            downgrade that takes effect at current_period_end
        trial_tier (BillingTrialTierType1 | BillingTrialTierType2Type1 | BillingTrialTierType3Type1 | None): The paid
            tier chosen at registration while the email address is unverified: its trial starts when the address is verified
            (POST /v1/auth/email/verify); null otherwise
        credits_ (BillingCredits):
        usage (BillingUsage):
        payment_method (BillingPaymentMethodType0 | None): The default payment method, or null
        next_billing_date (datetime.datetime):
    """

    tier: BillingTier
    monthly_fee: float
    currency: str
    status: BillingStatus
    trial_ends_at: datetime.datetime | None
    current_period_start: datetime.datetime
    current_period_end: datetime.datetime
    pending_tier: (
        BillingPendingTierType1
        | BillingPendingTierType2Type1
        | BillingPendingTierType3Type1
        | None
    )
    trial_tier: (
        BillingTrialTierType1
        | BillingTrialTierType2Type1
        | BillingTrialTierType3Type1
        | None
    )
    credits_: BillingCredits
    usage: BillingUsage
    payment_method: BillingPaymentMethodType0 | None
    next_billing_date: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.billing_payment_method_type_0 import BillingPaymentMethodType0

        tier = self.tier.value

        monthly_fee = self.monthly_fee

        currency = self.currency

        status = self.status.value

        trial_ends_at: None | str
        if isinstance(self.trial_ends_at, datetime.datetime):
            trial_ends_at = self.trial_ends_at.isoformat()
        else:
            trial_ends_at = self.trial_ends_at

        current_period_start = self.current_period_start.isoformat()

        current_period_end = self.current_period_end.isoformat()

        pending_tier: None | str
        if (
            isinstance(self.pending_tier, BillingPendingTierType1)
            or isinstance(self.pending_tier, BillingPendingTierType2Type1)
            or isinstance(self.pending_tier, BillingPendingTierType3Type1)
        ):
            pending_tier = self.pending_tier.value
        else:
            pending_tier = self.pending_tier

        trial_tier: None | str
        if (
            isinstance(self.trial_tier, BillingTrialTierType1)
            or isinstance(self.trial_tier, BillingTrialTierType2Type1)
            or isinstance(self.trial_tier, BillingTrialTierType3Type1)
        ):
            trial_tier = self.trial_tier.value
        else:
            trial_tier = self.trial_tier

        credits_ = self.credits_.to_dict()

        usage = self.usage.to_dict()

        payment_method: dict[str, Any] | None
        if isinstance(self.payment_method, BillingPaymentMethodType0):
            payment_method = self.payment_method.to_dict()
        else:
            payment_method = self.payment_method

        next_billing_date = self.next_billing_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tier": tier,
                "monthly_fee": monthly_fee,
                "currency": currency,
                "status": status,
                "trial_ends_at": trial_ends_at,
                "current_period_start": current_period_start,
                "current_period_end": current_period_end,
                "pending_tier": pending_tier,
                "trial_tier": trial_tier,
                "credits": credits_,
                "usage": usage,
                "payment_method": payment_method,
                "next_billing_date": next_billing_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.billing_credits import BillingCredits
        from ..models.billing_payment_method_type_0 import BillingPaymentMethodType0
        from ..models.billing_usage import BillingUsage

        d = dict(src_dict)
        tier = BillingTier(d.pop("tier"))

        monthly_fee = d.pop("monthly_fee")

        currency = d.pop("currency")

        status = BillingStatus(d.pop("status"))

        def _parse_trial_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trial_ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return trial_ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        trial_ends_at = _parse_trial_ends_at(d.pop("trial_ends_at"))

        current_period_start = datetime.datetime.fromisoformat(
            d.pop("current_period_start")
        )

        current_period_end = datetime.datetime.fromisoformat(
            d.pop("current_period_end")
        )

        def _parse_pending_tier(
            data: object,
        ) -> (
            BillingPendingTierType1
            | BillingPendingTierType2Type1
            | BillingPendingTierType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pending_tier_type_1 = BillingPendingTierType1(data)

                return pending_tier_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pending_tier_type_2_type_1 = BillingPendingTierType2Type1(data)

                return pending_tier_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pending_tier_type_3_type_1 = BillingPendingTierType3Type1(data)

                return pending_tier_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                BillingPendingTierType1
                | BillingPendingTierType2Type1
                | BillingPendingTierType3Type1
                | None,
                data,
            )

        pending_tier = _parse_pending_tier(d.pop("pending_tier"))

        def _parse_trial_tier(
            data: object,
        ) -> (
            BillingTrialTierType1
            | BillingTrialTierType2Type1
            | BillingTrialTierType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trial_tier_type_1 = BillingTrialTierType1(data)

                return trial_tier_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trial_tier_type_2_type_1 = BillingTrialTierType2Type1(data)

                return trial_tier_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trial_tier_type_3_type_1 = BillingTrialTierType3Type1(data)

                return trial_tier_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                BillingTrialTierType1
                | BillingTrialTierType2Type1
                | BillingTrialTierType3Type1
                | None,
                data,
            )

        trial_tier = _parse_trial_tier(d.pop("trial_tier"))

        credits_ = BillingCredits.from_dict(d.pop("credits"))

        usage = BillingUsage.from_dict(d.pop("usage"))

        def _parse_payment_method(data: object) -> BillingPaymentMethodType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payment_method_type_0 = BillingPaymentMethodType0.from_dict(data)

                return payment_method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BillingPaymentMethodType0 | None, data)

        payment_method = _parse_payment_method(d.pop("payment_method"))

        next_billing_date = datetime.datetime.fromisoformat(d.pop("next_billing_date"))

        billing = cls(
            tier=tier,
            monthly_fee=monthly_fee,
            currency=currency,
            status=status,
            trial_ends_at=trial_ends_at,
            current_period_start=current_period_start,
            current_period_end=current_period_end,
            pending_tier=pending_tier,
            trial_tier=trial_tier,
            credits_=credits_,
            usage=usage,
            payment_method=payment_method,
            next_billing_date=next_billing_date,
        )

        billing.additional_properties = d
        return billing

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
