from enum import StrEnum


class TransactionStatus(StrEnum):
    COMPLETED = "completed"
    DISPUTED = "disputed"
    FAILED = "failed"
    REFUNDED = "refunded"

    def __str__(self) -> str:
        return str(self.value)
