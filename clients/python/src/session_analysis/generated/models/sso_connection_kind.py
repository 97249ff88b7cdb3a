from enum import StrEnum


class SsoConnectionKind(StrEnum):
    LDAP = "ldap"
    OIDC = "oidc"
    SAML = "saml"

    def __str__(self) -> str:
        return str(self.value)
