from enum import StrEnum


class WebhookDeliveryLogDeliveriesItemStatus(StrEnum):
    DEAD = "dead"
    FAILED = "failed"
    PENDING = "pending"
    RETRYING = "retrying"
    SKIPPED = "skipped"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
