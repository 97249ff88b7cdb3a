from enum import StrEnum


class CreateSsoConnectionRequestType2Kind(StrEnum):
    OIDC = "oidc"

    def __str__(self) -> str:
        return str(self.value)
