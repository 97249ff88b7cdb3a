from enum import StrEnum


class BillingStatus(StrEnum):
    ACTIVE = "active"
    PAST_DUE = "past_due"
    TRIALING = "trialing"

    def __str__(self) -> str:
        return str(self.value)
