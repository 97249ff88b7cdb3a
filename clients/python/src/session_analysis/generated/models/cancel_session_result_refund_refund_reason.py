from enum import StrEnum


class CancelSessionResultRefundRefundReason(StrEnum):
    CANCELLED_BEFORE_PROCESSING = "cancelled_before_processing"
    CANCELLED_DURING_PROCESSING = "cancelled_during_processing"

    def __str__(self) -> str:
        return str(self.value)
