from enum import StrEnum


class OauthAuthorizeDecisionBodyAction(StrEnum):
    APPROVE = "approve"
    DENY = "deny"
    LOGIN = "login"
    SSO = "sso"
    SWITCH = "switch"

    def __str__(self) -> str:
        return str(self.value)
