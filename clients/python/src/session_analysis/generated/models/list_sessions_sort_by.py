from enum import StrEnum


class ListSessionsSortBy(StrEnum):
    COMPLETED_AT = "completed_at"
    CONFIDENCE_SCORE = "confidence_score"
    CREATED_AT = "created_at"

    def __str__(self) -> str:
        return str(self.value)
