from enum import StrEnum


class UpdateSessionRequestParametersPriority(StrEnum):
    HIGH = "high"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
