from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UserExportRow")


@_attrs_define
class UserExportRow:
    """One line of the NDJSON user analytics export

    Attributes:
        user_id (str):
        tier (str):
        country (str):
        created_at (datetime.datetime):
        last_login (datetime.datetime | None):
        sessions_total (int):
        sessions_active (int):
        sessions_completed (int):
        sessions_failed (int):
        sessions_cancelled (int):
    """

    user_id: str
    tier: str
    country: str
    created_at: datetime.datetime
    last_login: datetime.datetime | None
    sessions_total: int
    sessions_active: int
    sessions_completed: int
    sessions_failed: int
    sessions_cancelled: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        tier = self.tier

        country = self.country

        created_at = self.created_at.isoformat()

        last_login: None | str
        if isinstance(self.last_login, datetime.datetime):
            last_login = self.last_login.isoformat()
        else:
            last_login = self.last_login

        sessions_total = self.sessions_total

        sessions_active = self.sessions_active

        sessions_completed = self.sessions_completed

        sessions_failed = self.sessions_failed

        sessions_cancelled = self.sessions_cancelled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "user_id": user_id,
                "tier": tier,
                "country": country,
                "created_at": created_at,
                "last_login": last_login,
                "sessions_total": sessions_total,
                "sessions_active": sessions_active,
                "sessions_completed": sessions_completed,
                "sessions_failed": sessions_failed,
                "sessions_cancelled": sessions_cancelled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        tier = d.pop("tier")

        country = d.pop("country")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_login(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_login_type_0 = datetime.datetime.fromisoformat(data)

                return last_login_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_login = _parse_last_login(d.pop("last_login"))

        sessions_total = d.pop("sessions_total")

        sessions_active = d.pop("sessions_active")

        sessions_completed = d.pop("sessions_completed")

        sessions_failed = d.pop("sessions_failed")

        sessions_cancelled = d.pop("sessions_cancelled")

        user_export_row = cls(
            user_id=user_id,
            tier=tier,
            country=country,
            created_at=created_at,
            last_login=last_login,
            sessions_total=sessions_total,
            sessions_active=sessions_active,
            sessions_completed=sessions_completed,
            sessions_failed=sessions_failed,
            sessions_cancelled=sessions_cancelled,
        )

        user_export_row.additional_properties = d
        return user_export_row

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
