from enum import StrEnum


class BillingTrialTierType2Type1(StrEnum):
    ENTERPRISE = "enterprise"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
