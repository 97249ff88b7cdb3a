from enum import StrEnum


class SsoOidcSettingsDefaultRoleType2Type1(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
