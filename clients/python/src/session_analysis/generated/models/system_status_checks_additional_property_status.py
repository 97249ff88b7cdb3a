from enum import StrEnum


class SystemStatusChecksAdditionalPropertyStatus(StrEnum):
    DEGRADED = "degraded"
    HEALTHY = "healthy"
    UNHEALTHY = "unhealthy"

    def __str__(self) -> str:
        return str(self.value)
