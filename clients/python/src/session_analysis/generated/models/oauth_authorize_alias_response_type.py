from enum import StrEnum


class OauthAuthorizeAliasResponseType(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)
