from enum import StrEnum


class CreateSsoConnectionRequestType1Kind(StrEnum):
    LDAP = "ldap"

    def __str__(self) -> str:
        return str(self.value)
