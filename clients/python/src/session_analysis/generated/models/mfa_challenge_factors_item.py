from enum import StrEnum


class MfaChallengeFactorsItem(StrEnum):
    PASSKEY = "passkey"
    RECOVERY_CODE = "recovery_code"
    TOTP = "totp"

    def __str__(self) -> str:
        return str(self.value)
