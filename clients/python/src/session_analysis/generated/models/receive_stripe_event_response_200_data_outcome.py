from enum import StrEnum


class ReceiveStripeEventResponse200DataOutcome(StrEnum):
    APPLIED = "applied"
    DUPLICATE = "duplicate"
    IGNORED = "ignored"

    def __str__(self) -> str:
        return str(self.value)
