from enum import StrEnum


class CreateSsoConnectionRequestType2OidcDefaultRoleType3Type1(StrEnum):
    ADMIN = "admin"
    MEMBER = "member"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
