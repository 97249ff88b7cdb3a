from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.system_status_status import SystemStatusStatus

if TYPE_CHECKING:
    from ..models.system_status_checks import SystemStatusChecks
    from ..models.system_status_metrics import SystemStatusMetrics
    from ..models.system_status_services import SystemStatusServices


T = TypeVar("T", bound="SystemStatus")


@_attrs_define
class SystemStatus:
    """
    Attributes:
        status (SystemStatusStatus):
        timestamp (datetime.datetime):
        services (SystemStatusServices):  Example: {'api': 'healthy', 'database': 'healthy', 'cache': 'healthy',
            'ai_models': 'healthy', 'queue': 'healthy'}.
        checks (SystemStatusChecks):
        metrics (SystemStatusMetrics):
        version (str):
    """

    status: SystemStatusStatus
    timestamp: datetime.datetime
    services: SystemStatusServices
    checks: SystemStatusChecks
    metrics: SystemStatusMetrics
    version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        timestamp = self.timestamp.isoformat()

        services = self.services.to_dict()

        checks = self.checks.to_dict()

        metrics = self.metrics.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "timestamp": timestamp,
                "services": services,
                "checks": checks,
                "metrics": metrics,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.system_status_checks import SystemStatusChecks
        from ..models.system_status_metrics import SystemStatusMetrics
        from ..models.system_status_services import SystemStatusServices

        d = dict(src_dict)
        status = SystemStatusStatus(d.pop("status"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        services = SystemStatusServices.from_dict(d.pop("services"))

        checks = SystemStatusChecks.from_dict(d.pop("checks"))

        metrics = SystemStatusMetrics.from_dict(d.pop("metrics"))

        version = d.pop("version")

        system_status = cls(
            status=status,
            timestamp=timestamp,
            services=services,
            checks=checks,
            metrics=metrics,
            version=version,
        )

        system_status.additional_properties = d
        return system_status

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
