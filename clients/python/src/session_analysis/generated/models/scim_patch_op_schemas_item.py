from enum import StrEnum


class ScimPatchOpSchemasItem(StrEnum):
    URNIETFPARAMSSCIMAPIMESSAGES2_0PATCHOP = (
        "urn:ietf:params:scim:api:messages:2.0:PatchOp"
    )

    def __str__(self) -> str:
        return str(self.value)
