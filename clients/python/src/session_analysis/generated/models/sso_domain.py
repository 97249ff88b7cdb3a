from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.sso_domain_txt_record import SsoDomainTxtRecord


T = TypeVar("T", bound="SsoDomain")


@_attrs_define
class SsoDomain:
    """
    Attributes:
        id (str):
        domain (str):
        verified (bool):
        txt_record (SsoDomainTxtRecord):
    """

    id: str
    domain: str
    verified: bool
    txt_record: SsoDomainTxtRecord
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        domain = self.domain

        verified = self.verified

        txt_record = self.txt_record.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "domain": domain,
                "verified": verified,
                "txt_record": txt_record,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sso_domain_txt_record import SsoDomainTxtRecord

        d = dict(src_dict)
        id = d.pop("id")

        domain = d.pop("domain")

        verified = d.pop("verified")

        txt_record = SsoDomainTxtRecord.from_dict(d.pop("txt_record"))

        sso_domain = cls(
            id=id,
            domain=domain,
            verified=verified,
            txt_record=txt_record,
        )

        sso_domain.additional_properties = d
        return sso_domain

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
