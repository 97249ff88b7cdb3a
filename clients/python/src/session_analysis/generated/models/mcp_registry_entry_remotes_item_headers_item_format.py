from enum import StrEnum


class McpRegistryEntryRemotesItemHeadersItemFormat(StrEnum):
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
