from enum import StrEnum


class SessionQuoteLinesItemKind(StrEnum):
    BASE = "base"
    DURATION_MINUTES = "duration_minutes"
    EXTRA_ANALYSIS_TYPES = "extra_analysis_types"
    PRIORITY = "priority"

    def __str__(self) -> str:
        return str(self.value)
