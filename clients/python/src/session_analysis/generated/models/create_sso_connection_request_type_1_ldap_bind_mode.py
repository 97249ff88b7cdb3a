from enum import StrEnum


class CreateSsoConnectionRequestType1LdapBindMode(StrEnum):
    SEARCH = "search"
    TEMPLATE = "template"

    def __str__(self) -> str:
        return str(self.value)
