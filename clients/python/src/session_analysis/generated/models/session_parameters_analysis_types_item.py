from enum import StrEnum


class SessionParametersAnalysisTypesItem(StrEnum):
    SPATIAL = "spatial"
    TEMPORAL = "temporal"
    VISUAL = "visual"

    def __str__(self) -> str:
        return str(self.value)
