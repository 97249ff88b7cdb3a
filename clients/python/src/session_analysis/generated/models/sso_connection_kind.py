from enum import StrEnum


class SsoConnectionKind(StrEnum):
    LDAP = "ldap"
    SAML = "saml"

    def __str__(self) -> str:
        return str(self.value)
