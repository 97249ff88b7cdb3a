from enum import StrEnum


class OAuthClientClientType(StrEnum):
    CONFIDENTIAL = "confidential"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)
