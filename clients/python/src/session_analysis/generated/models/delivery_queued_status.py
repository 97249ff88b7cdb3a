from enum import StrEnum


class DeliveryQueuedStatus(StrEnum):
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
