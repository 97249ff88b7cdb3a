from enum import StrEnum


class SessionParametersInputAnalysisTypesItem(StrEnum):
    SPATIAL = "spatial"
    TEMPORAL = "temporal"
    VISUAL = "visual"

    def __str__(self) -> str:
        return str(self.value)
