from enum import StrEnum


class CreateSsoConnectionRequestType0Kind(StrEnum):
    SAML = "saml"

    def __str__(self) -> str:
        return str(self.value)
