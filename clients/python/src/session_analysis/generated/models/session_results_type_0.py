from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.coordinates import Coordinates
    from ..models.finding import Finding


T = TypeVar("T", bound="SessionResultsType0")


@_attrs_define
class SessionResultsType0:
    """
    Attributes:
        summary (str):
        coordinates (Coordinates):
        visual_data (list[Finding]):
        analysis_types (list[str]):
    """

    summary: str
    coordinates: Coordinates
    visual_data: list[Finding]
    analysis_types: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        coordinates = self.coordinates.to_dict()

        visual_data = []
        for visual_data_item_data in self.visual_data:
            visual_data_item = visual_data_item_data.to_dict()
            visual_data.append(visual_data_item)

        analysis_types = self.analysis_types

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary": summary,
                "coordinates": coordinates,
                "visual_data": visual_data,
                "analysis_types": analysis_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.coordinates import Coordinates
        from ..models.finding import Finding

        d = dict(src_dict)
        summary = d.pop("summary")

        coordinates = Coordinates.from_dict(d.pop("coordinates"))

        visual_data = []
        _visual_data = d.pop("visual_data")
        for visual_data_item_data in _visual_data:
            visual_data_item = Finding.from_dict(visual_data_item_data)

            visual_data.append(visual_data_item)

        analysis_types = cast(list[str], d.pop("analysis_types"))

        session_results_type_0 = cls(
            summary=summary,
            coordinates=coordinates,
            visual_data=visual_data,
            analysis_types=analysis_types,
        )

        session_results_type_0.additional_properties = d
        return session_results_type_0

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
