from enum import StrEnum


class SessionParametersInputPriority(StrEnum):
    HIGH = "high"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
