from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_summary_tier import UserSummaryTier
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.preferences import Preferences
    from ..models.usage_stats import UsageStats


T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (str):  Example: user_1763776000000123456.
        username (str):
        tier (UserSummaryTier):
        email_verified (bool): Whether the holder of the email proved it with the mailed token (POST
            /v1/auth/email/verify)
        created_at (datetime.datetime):
        credits_ (int):
        last_login (datetime.datetime | None):
        preferences (Preferences):
        usage_stats (UsageStats):
        email (str | Unset):
    """

    id: str
    username: str
    tier: UserSummaryTier
    email_verified: bool
    created_at: datetime.datetime
    credits_: int
    last_login: datetime.datetime | None
    preferences: Preferences
    usage_stats: UsageStats
    email: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        tier = self.tier.value

        email_verified = self.email_verified

        created_at = self.created_at.isoformat()

        credits_ = self.credits_

        last_login: None | str
        if isinstance(self.last_login, datetime.datetime):
            last_login = self.last_login.isoformat()
        else:
            last_login = self.last_login

        preferences = self.preferences.to_dict()

        usage_stats = self.usage_stats.to_dict()

        email = self.email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "tier": tier,
                "email_verified": email_verified,
                "created_at": created_at,
                "credits": credits_,
                "last_login": last_login,
                "preferences": preferences,
                "usage_stats": usage_stats,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preferences import Preferences
        from ..models.usage_stats import UsageStats

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        tier = UserSummaryTier(d.pop("tier"))

        email_verified = d.pop("email_verified")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        credits_ = d.pop("credits")

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

        preferences = Preferences.from_dict(d.pop("preferences"))

        usage_stats = UsageStats.from_dict(d.pop("usage_stats"))

        email = d.pop("email", UNSET)

        user = cls(
            id=id,
            username=username,
            tier=tier,
            email_verified=email_verified,
            created_at=created_at,
            credits_=credits_,
            last_login=last_login,
            preferences=preferences,
            usage_stats=usage_stats,
            email=email,
        )

        user.additional_properties = d
        return user

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
