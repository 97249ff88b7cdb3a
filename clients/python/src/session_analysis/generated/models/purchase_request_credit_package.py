from enum import StrEnum


class PurchaseRequestCreditPackage(StrEnum):
    ENTERPRISE = "enterprise"
    PRO = "pro"
    STANDARD = "standard"
    STARTER = "starter"

    def __str__(self) -> str:
        return str(self.value)
