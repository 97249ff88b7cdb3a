from enum import StrEnum


class SsoOidcSettingsGroupRolesAdditionalProperty(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
