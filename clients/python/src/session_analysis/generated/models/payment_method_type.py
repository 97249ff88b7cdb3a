from enum import StrEnum


class PaymentMethodType(StrEnum):
    CARD = "card"

    def __str__(self) -> str:
        return str(self.value)
