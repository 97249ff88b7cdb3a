from enum import StrEnum


class PurchaseResultPaymentStatus(StrEnum):
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
