from enum import StrEnum


class OAuthClientTokenEndpointAuthMethod(StrEnum):
    CLIENT_SECRET_BASIC = "client_secret_basic"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
