from enum import StrEnum


class ProtectedResourceMetadataScopesSupportedItem(StrEnum):
    ANALYTICSADMIN = "analytics:admin"
    ANALYTICSEXPORT = "analytics:export"
    ANALYTICSREAD = "analytics:read"
    DOWSINGADMIN = "dowsing:admin"
    DOWSINGDELETE = "dowsing:delete"
    DOWSINGREAD = "dowsing:read"
    DOWSINGWRITE = "dowsing:write"
    EMAIL = "email"
    ORGANIZATIONSREAD = "organizations:read"
    ORGANIZATIONSWRITE = "organizations:write"
    PROFILE = "profile"
    REMOTE_VIEWINGADMIN = "remote-viewing:admin"
    REMOTE_VIEWINGDELETE = "remote-viewing:delete"
    REMOTE_VIEWINGREAD = "remote-viewing:read"
    REMOTE_VIEWINGWRITE = "remote-viewing:write"

    def __str__(self) -> str:
        return str(self.value)
