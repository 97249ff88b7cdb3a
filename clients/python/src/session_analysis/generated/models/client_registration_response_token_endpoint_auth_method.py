from enum import StrEnum


class ClientRegistrationResponseTokenEndpointAuthMethod(StrEnum):
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
