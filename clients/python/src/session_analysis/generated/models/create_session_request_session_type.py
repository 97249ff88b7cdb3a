from enum import StrEnum


class CreateSessionRequestSessionType(StrEnum):
    DOWSING = "dowsing"
    INTUITIVE_ANALYSIS = "intuitive_analysis"
    PRECOGNITION = "precognition"
    REMOTE_VIEWING = "remote_viewing"

    def __str__(self) -> str:
        return str(self.value)
