from enum import StrEnum


class UpdateSsoConnectionRequestOidcDefaultRoleType1(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
