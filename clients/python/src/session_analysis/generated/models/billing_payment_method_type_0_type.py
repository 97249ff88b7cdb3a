from enum import StrEnum


class BillingPaymentMethodType0Type(StrEnum):
    CARD = "card"

    def __str__(self) -> str:
        return str(self.value)
