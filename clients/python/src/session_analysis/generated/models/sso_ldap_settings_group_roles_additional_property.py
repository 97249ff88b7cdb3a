from enum import StrEnum


class SsoLdapSettingsGroupRolesAdditionalProperty(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
