from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sso_connection_kind import SsoConnectionKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sso_connection_rp import SsoConnectionRp
    from ..models.sso_connection_sp import SsoConnectionSp
    from ..models.sso_ldap_settings import SsoLdapSettings
    from ..models.sso_oidc_settings import SsoOidcSettings
    from ..models.sso_saml_settings import SsoSamlSettings


T = TypeVar("T", bound="SsoConnection")


@_attrs_define
class SsoConnection:
    """
    Attributes:
        id (str):
        organization_id (str):
        kind (SsoConnectionKind):
        name (str):
        enforced (bool):
        config (SsoLdapSettings | SsoOidcSettings | SsoSamlSettings):
        has_service_password (bool):
        created_at (str):
        has_client_secret (bool | Unset): OIDC: whether a client secret is sealed.
        rp (SsoConnectionRp | Unset): OIDC: the redirect URI to register at the provider, and where users start.
        sp (SsoConnectionSp | Unset): SAML: the service provider addresses to enter at the IdP.
    """

    id: str
    organization_id: str
    kind: SsoConnectionKind
    name: str
    enforced: bool
    config: SsoLdapSettings | SsoOidcSettings | SsoSamlSettings
    has_service_password: bool
    created_at: str
    has_client_secret: bool | Unset = UNSET
    rp: SsoConnectionRp | Unset = UNSET
    sp: SsoConnectionSp | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sso_ldap_settings import SsoLdapSettings
        from ..models.sso_saml_settings import SsoSamlSettings

        id = self.id

        organization_id = self.organization_id

        kind = self.kind.value

        name = self.name

        enforced = self.enforced

        config: dict[str, Any]
        if isinstance(self.config, SsoSamlSettings) or isinstance(
            self.config, SsoLdapSettings
        ):
            config = self.config.to_dict()
        else:
            config = self.config.to_dict()

        has_service_password = self.has_service_password

        created_at = self.created_at

        has_client_secret = self.has_client_secret

        rp: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rp, Unset):
            rp = self.rp.to_dict()

        sp: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sp, Unset):
            sp = self.sp.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "kind": kind,
                "name": name,
                "enforced": enforced,
                "config": config,
                "has_service_password": has_service_password,
                "created_at": created_at,
            }
        )
        if has_client_secret is not UNSET:
            field_dict["has_client_secret"] = has_client_secret
        if rp is not UNSET:
            field_dict["rp"] = rp
        if sp is not UNSET:
            field_dict["sp"] = sp

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sso_connection_rp import SsoConnectionRp
        from ..models.sso_connection_sp import SsoConnectionSp
        from ..models.sso_ldap_settings import SsoLdapSettings
        from ..models.sso_oidc_settings import SsoOidcSettings
        from ..models.sso_saml_settings import SsoSamlSettings

        d = dict(src_dict)
        id = d.pop("id")

        organization_id = d.pop("organization_id")

        kind = SsoConnectionKind(d.pop("kind"))

        name = d.pop("name")

        enforced = d.pop("enforced")

        def _parse_config(
            data: object,
        ) -> SsoLdapSettings | SsoOidcSettings | SsoSamlSettings:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = SsoSamlSettings.from_dict(data)

                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_1 = SsoLdapSettings.from_dict(data)

                return config_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            config_type_2 = SsoOidcSettings.from_dict(data)

            return config_type_2

        config = _parse_config(d.pop("config"))

        has_service_password = d.pop("has_service_password")

        created_at = d.pop("created_at")

        has_client_secret = d.pop("has_client_secret", UNSET)

        _rp = d.pop("rp", UNSET)
        rp: SsoConnectionRp | Unset
        if isinstance(_rp, Unset):
            rp = UNSET
        else:
            rp = SsoConnectionRp.from_dict(_rp)

        _sp = d.pop("sp", UNSET)
        sp: SsoConnectionSp | Unset
        if isinstance(_sp, Unset):
            sp = UNSET
        else:
            sp = SsoConnectionSp.from_dict(_sp)

        sso_connection = cls(
            id=id,
            organization_id=organization_id,
            kind=kind,
            name=name,
            enforced=enforced,
            config=config,
            has_service_password=has_service_password,
            created_at=created_at,
            has_client_secret=has_client_secret,
            rp=rp,
            sp=sp,
        )

        sso_connection.additional_properties = d
        return sso_connection

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
