from enum import StrEnum


class McpRegistryEntryRemotesItemType(StrEnum):
    STREAMABLE_HTTP = "streamable-http"

    def __str__(self) -> str:
        return str(self.value)
