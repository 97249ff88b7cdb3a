from enum import StrEnum


class SessionParametersPriority(StrEnum):
    HIGH = "high"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
