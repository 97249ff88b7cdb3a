from enum import StrEnum


class UpdateMeRequestPreferencesLanguage(StrEnum):
    DE = "de"
    EN = "en"
    ES = "es"
    FR = "fr"
    IT = "it"
    JA = "ja"
    PT = "pt"
    ZH = "zh"

    def __str__(self) -> str:
        return str(self.value)
