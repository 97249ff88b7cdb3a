from enum import StrEnum


class UpdateMeRequestPreferencesTheme(StrEnum):
    DARK = "dark"
    LIGHT = "light"
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
