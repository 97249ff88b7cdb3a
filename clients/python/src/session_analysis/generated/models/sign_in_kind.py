from enum import StrEnum


class SignInKind(StrEnum):
    OAUTH_GRANT = "oauth_grant"
    SIGN_IN = "sign_in"

    def __str__(self) -> str:
        return str(self.value)
