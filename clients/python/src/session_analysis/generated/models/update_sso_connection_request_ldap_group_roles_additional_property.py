from enum import StrEnum


class UpdateSsoConnectionRequestLdapGroupRolesAdditionalProperty(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
