from enum import StrEnum


class PasskeyDeviceType(StrEnum):
    MULTIDEVICE = "multiDevice"
    SINGLEDEVICE = "singleDevice"

    def __str__(self) -> str:
        return str(self.value)
