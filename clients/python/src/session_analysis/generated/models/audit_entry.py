from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_entry_actor import AuditEntryActor
    from ..models.audit_entry_after_type_0 import AuditEntryAfterType0
    from ..models.audit_entry_before_type_0 import AuditEntryBeforeType0
    from ..models.audit_entry_target import AuditEntryTarget


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        id (str):
        action (str):
        actor (AuditEntryActor):
        target (AuditEntryTarget):
        before (AuditEntryBeforeType0 | None):
        after (AuditEntryAfterType0 | None):
        request_id (str):
        ip (str):
        created_at (datetime.datetime):
    """

    id: str
    action: str
    actor: AuditEntryActor
    target: AuditEntryTarget
    before: AuditEntryBeforeType0 | None
    after: AuditEntryAfterType0 | None
    request_id: str
    ip: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_entry_after_type_0 import AuditEntryAfterType0
        from ..models.audit_entry_before_type_0 import AuditEntryBeforeType0

        id = self.id

        action = self.action

        actor = self.actor.to_dict()

        target = self.target.to_dict()

        before: dict[str, Any] | None
        if isinstance(self.before, AuditEntryBeforeType0):
            before = self.before.to_dict()
        else:
            before = self.before

        after: dict[str, Any] | None
        if isinstance(self.after, AuditEntryAfterType0):
            after = self.after.to_dict()
        else:
            after = self.after

        request_id = self.request_id

        ip = self.ip

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "action": action,
                "actor": actor,
                "target": target,
                "before": before,
                "after": after,
                "request_id": request_id,
                "ip": ip,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_entry_actor import AuditEntryActor
        from ..models.audit_entry_after_type_0 import AuditEntryAfterType0
        from ..models.audit_entry_before_type_0 import AuditEntryBeforeType0
        from ..models.audit_entry_target import AuditEntryTarget

        d = dict(src_dict)
        id = d.pop("id")

        action = d.pop("action")

        actor = AuditEntryActor.from_dict(d.pop("actor"))

        target = AuditEntryTarget.from_dict(d.pop("target"))

        def _parse_before(data: object) -> AuditEntryBeforeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                before_type_0 = AuditEntryBeforeType0.from_dict(data)

                return before_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditEntryBeforeType0 | None, data)

        before = _parse_before(d.pop("before"))

        def _parse_after(data: object) -> AuditEntryAfterType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_type_0 = AuditEntryAfterType0.from_dict(data)

                return after_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditEntryAfterType0 | None, data)

        after = _parse_after(d.pop("after"))

        request_id = d.pop("request_id")

        ip = d.pop("ip")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        audit_entry = cls(
            id=id,
            action=action,
            actor=actor,
            target=target,
            before=before,
            after=after,
            request_id=request_id,
            ip=ip,
            created_at=created_at,
        )

        audit_entry.additional_properties = d
        return audit_entry

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
