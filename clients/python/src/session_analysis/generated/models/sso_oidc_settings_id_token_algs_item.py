from enum import StrEnum


class SsoOidcSettingsIdTokenAlgsItem(StrEnum):
    ES256 = "ES256"
    RS256 = "RS256"

    def __str__(self) -> str:
        return str(self.value)
