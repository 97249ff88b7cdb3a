from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_quote_request_session_type import SessionQuoteRequestSessionType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.session_parameters_input import SessionParametersInput


T = TypeVar("T", bound="SessionQuoteRequest")


@_attrs_define
class SessionQuoteRequest:
    """
    Attributes:
        session_type (SessionQuoteRequestSessionType):
        parameters (SessionParametersInput | Unset):
    """

    session_type: SessionQuoteRequestSessionType
    parameters: SessionParametersInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_type = self.session_type.value

        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "session_type": session_type,
            }
        )
        if parameters is not UNSET:
            field_dict["parameters"] = parameters

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session_parameters_input import SessionParametersInput

        d = dict(src_dict)
        session_type = SessionQuoteRequestSessionType(d.pop("session_type"))

        _parameters = d.pop("parameters", UNSET)
        parameters: SessionParametersInput | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = SessionParametersInput.from_dict(_parameters)

        session_quote_request = cls(
            session_type=session_type,
            parameters=parameters,
        )

        session_quote_request.additional_properties = d
        return session_quote_request

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
