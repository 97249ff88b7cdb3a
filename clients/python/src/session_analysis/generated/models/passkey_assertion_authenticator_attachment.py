from enum import StrEnum


class PasskeyAssertionAuthenticatorAttachment(StrEnum):
    CROSS_PLATFORM = "cross-platform"
    PLATFORM = "platform"

    def __str__(self) -> str:
        return str(self.value)
