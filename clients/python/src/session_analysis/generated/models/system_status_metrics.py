from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SystemStatusMetrics")


@_attrs_define
class SystemStatusMetrics:
    """
    Attributes:
        active_sessions (int | None):
        queue_depth (int | None):
        cpu_usage (None): Not exposed by the Workers platform: always null.
        memory_usage (None): Not exposed by the Workers platform: always null.
        gpu_usage (None): No GPU is used: always null.
    """

    active_sessions: int | None
    queue_depth: int | None
    cpu_usage: None
    memory_usage: None
    gpu_usage: None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active_sessions: int | None
        active_sessions = self.active_sessions

        queue_depth: int | None
        queue_depth = self.queue_depth

        cpu_usage = self.cpu_usage

        memory_usage = self.memory_usage

        gpu_usage = self.gpu_usage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active_sessions": active_sessions,
                "queue_depth": queue_depth,
                "cpu_usage": cpu_usage,
                "memory_usage": memory_usage,
                "gpu_usage": gpu_usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_active_sessions(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        active_sessions = _parse_active_sessions(d.pop("active_sessions"))

        def _parse_queue_depth(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        queue_depth = _parse_queue_depth(d.pop("queue_depth"))

        cpu_usage = d.pop("cpu_usage")

        memory_usage = d.pop("memory_usage")

        gpu_usage = d.pop("gpu_usage")

        system_status_metrics = cls(
            active_sessions=active_sessions,
            queue_depth=queue_depth,
            cpu_usage=cpu_usage,
            memory_usage=memory_usage,
            gpu_usage=gpu_usage,
        )

        system_status_metrics.additional_properties = d
        return system_status_metrics

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
