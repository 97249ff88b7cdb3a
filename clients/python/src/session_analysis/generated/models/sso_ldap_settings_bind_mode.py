from enum import StrEnum


class SsoLdapSettingsBindMode(StrEnum):
    SEARCH = "search"
    TEMPLATE = "template"

    def __str__(self) -> str:
        return str(self.value)
