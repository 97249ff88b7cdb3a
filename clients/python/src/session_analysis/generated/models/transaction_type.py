from enum import StrEnum


class TransactionType(StrEnum):
    ADJUSTMENT = "adjustment"
    CREDITS_EXPIRY = "credits_expiry"
    CREDITS_RENEWAL = "credits_renewal"
    CREDIT_PURCHASE = "credit_purchase"
    PAYMENT_REVERSAL = "payment_reversal"
    PLAN_CHANGE = "plan_change"
    PLAN_PRORATION = "plan_proration"
    SESSION_DEBIT = "session_debit"
    SESSION_REFUND = "session_refund"
    SESSION_REPRICE = "session_reprice"
    SIGNUP_GRANT = "signup_grant"
    SUBSCRIPTION_FEE = "subscription_fee"

    def __str__(self) -> str:
        return str(self.value)
