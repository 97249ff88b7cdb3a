from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.user_stats_daily_breakdown_item import UserStatsDailyBreakdownItem
    from ..models.user_stats_session_types import UserStatsSessionTypes
    from ..models.user_stats_sessions import UserStatsSessions


T = TypeVar("T", bound="UserStats")


@_attrs_define
class UserStats:
    """
    Attributes:
        period (str): day, week, month, year, or custom when start_date/end_date are given
        start_date (str):
        end_date (str):
        sessions (UserStatsSessions):
        credits_used (int):
        credits_remaining (int):
        success_rate (float): completed / (completed + failed); 0 when none finished
        average_confidence (float | None): Mean confidence_score of completed sessions; null when none
        session_types (UserStatsSessionTypes):
        daily_breakdown (list[UserStatsDailyBreakdownItem]):
    """

    period: str
    start_date: str
    end_date: str
    sessions: UserStatsSessions
    credits_used: int
    credits_remaining: int
    success_rate: float
    average_confidence: float | None
    session_types: UserStatsSessionTypes
    daily_breakdown: list[UserStatsDailyBreakdownItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        period = self.period

        start_date = self.start_date

        end_date = self.end_date

        sessions = self.sessions.to_dict()

        credits_used = self.credits_used

        credits_remaining = self.credits_remaining

        success_rate = self.success_rate

        average_confidence: float | None
        average_confidence = self.average_confidence

        session_types = self.session_types.to_dict()

        daily_breakdown = []
        for daily_breakdown_item_data in self.daily_breakdown:
            daily_breakdown_item = daily_breakdown_item_data.to_dict()
            daily_breakdown.append(daily_breakdown_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "period": period,
                "start_date": start_date,
                "end_date": end_date,
                "sessions": sessions,
                "credits_used": credits_used,
                "credits_remaining": credits_remaining,
                "success_rate": success_rate,
                "average_confidence": average_confidence,
                "session_types": session_types,
                "daily_breakdown": daily_breakdown,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_stats_daily_breakdown_item import UserStatsDailyBreakdownItem
        from ..models.user_stats_session_types import UserStatsSessionTypes
        from ..models.user_stats_sessions import UserStatsSessions

        d = dict(src_dict)
        period = d.pop("period")

        start_date = d.pop("start_date")

        end_date = d.pop("end_date")

        sessions = UserStatsSessions.from_dict(d.pop("sessions"))

        credits_used = d.pop("credits_used")

        credits_remaining = d.pop("credits_remaining")

        success_rate = d.pop("success_rate")

        def _parse_average_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_confidence = _parse_average_confidence(d.pop("average_confidence"))

        session_types = UserStatsSessionTypes.from_dict(d.pop("session_types"))

        daily_breakdown = []
        _daily_breakdown = d.pop("daily_breakdown")
        for daily_breakdown_item_data in _daily_breakdown:
            daily_breakdown_item = UserStatsDailyBreakdownItem.from_dict(
                daily_breakdown_item_data
            )

            daily_breakdown.append(daily_breakdown_item)

        user_stats = cls(
            period=period,
            start_date=start_date,
            end_date=end_date,
            sessions=sessions,
            credits_used=credits_used,
            credits_remaining=credits_remaining,
            success_rate=success_rate,
            average_confidence=average_confidence,
            session_types=session_types,
            daily_breakdown=daily_breakdown,
        )

        user_stats.additional_properties = d
        return user_stats

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
