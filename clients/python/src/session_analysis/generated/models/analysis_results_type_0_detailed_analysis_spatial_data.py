from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.coordinates import Coordinates


T = TypeVar("T", bound="AnalysisResultsType0DetailedAnalysisSpatialData")


@_attrs_define
class AnalysisResultsType0DetailedAnalysisSpatialData:
    """
    Attributes:
        coordinates (Coordinates):
        terrain (str):
        depth (str):
    """

    coordinates: Coordinates
    terrain: str
    depth: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coordinates = self.coordinates.to_dict()

        terrain = self.terrain

        depth = self.depth

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "coordinates": coordinates,
                "terrain": terrain,
                "depth": depth,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.coordinates import Coordinates

        d = dict(src_dict)
        coordinates = Coordinates.from_dict(d.pop("coordinates"))

        terrain = d.pop("terrain")

        depth = d.pop("depth")

        analysis_results_type_0_detailed_analysis_spatial_data = cls(
            coordinates=coordinates,
            terrain=terrain,
            depth=depth,
        )

        analysis_results_type_0_detailed_analysis_spatial_data.additional_properties = d
        return analysis_results_type_0_detailed_analysis_spatial_data

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
