from enum import StrEnum


class PasskeyRequestOptionsUserVerification(StrEnum):
    DISCOURAGED = "discouraged"
    PREFERRED = "preferred"
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
