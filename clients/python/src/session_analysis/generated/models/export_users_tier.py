from enum import StrEnum


class ExportUsersTier(StrEnum):
    BASIC = "basic"
    ENTERPRISE = "enterprise"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
