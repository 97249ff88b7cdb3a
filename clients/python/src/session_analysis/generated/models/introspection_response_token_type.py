from enum import StrEnum


class IntrospectionResponseTokenType(StrEnum):
    BEARER = "Bearer"
    REFRESH_TOKEN = "refresh_token"

    def __str__(self) -> str:
        return str(self.value)
