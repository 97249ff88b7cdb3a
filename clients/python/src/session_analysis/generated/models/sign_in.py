from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sign_in_kind import SignInKind

T = TypeVar("T", bound="SignIn")


@_attrs_define
class SignIn:
    """
    Attributes:
        id (str): The sign-in's id (its access tokens' `sid`)
        created_at (datetime.datetime): When the person signed in
        last_used_at (datetime.datetime): The sign-in or its latest token refresh
        client (str): A summary of the browser or program (`Firefox on Linux`), or the OAuth client's name Example:
            Firefox on Linux.
        kind (SignInKind):
        oauth_client_id (None | str):
        country (None | str): The country Cloudflare reported at its latest use (ISO 3166-1 alpha-2)
        current (bool): True for the sign-in making this request
    """

    id: str
    created_at: datetime.datetime
    last_used_at: datetime.datetime
    client: str
    kind: SignInKind
    oauth_client_id: None | str
    country: None | str
    current: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at.isoformat()

        last_used_at = self.last_used_at.isoformat()

        client = self.client

        kind = self.kind.value

        oauth_client_id: None | str
        oauth_client_id = self.oauth_client_id

        country: None | str
        country = self.country

        current = self.current

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "client": client,
                "kind": kind,
                "oauth_client_id": oauth_client_id,
                "country": country,
                "current": current,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        last_used_at = datetime.datetime.fromisoformat(d.pop("last_used_at"))

        client = d.pop("client")

        kind = SignInKind(d.pop("kind"))

        def _parse_oauth_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        oauth_client_id = _parse_oauth_client_id(d.pop("oauth_client_id"))

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        current = d.pop("current")

        sign_in = cls(
            id=id,
            created_at=created_at,
            last_used_at=last_used_at,
            client=client,
            kind=kind,
            oauth_client_id=oauth_client_id,
            country=country,
            current=current,
        )

        sign_in.additional_properties = d
        return sign_in

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
