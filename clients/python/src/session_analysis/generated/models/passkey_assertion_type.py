from enum import StrEnum


class PasskeyAssertionType(StrEnum):
    PUBLIC_KEY = "public-key"

    def __str__(self) -> str:
        return str(self.value)
