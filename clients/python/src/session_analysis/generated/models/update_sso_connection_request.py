from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_sso_connection_request_ldap import (
        UpdateSsoConnectionRequestLdap,
    )
    from ..models.update_sso_connection_request_oidc import (
        UpdateSsoConnectionRequestOidc,
    )
    from ..models.update_sso_connection_request_saml import (
        UpdateSsoConnectionRequestSaml,
    )


T = TypeVar("T", bound="UpdateSsoConnectionRequest")


@_attrs_define
class UpdateSsoConnectionRequest:
    """
    Attributes:
        name (str | Unset):
        enforced (bool | Unset):
        metadata_xml (str | Unset): SAML: the IdP's metadata again; its signing certificates replace the configured
            ones.
        saml (UpdateSsoConnectionRequestSaml | Unset): SAML: fields to change; `certificates` replaces the list.
        add_certificates (list[str] | Unset): SAML certificate rotation, step 1: trust the IdP's next certificate too
            (responses signed with either verify).
        remove_certificates (list[str] | Unset): SAML certificate rotation, step 2: stop trusting the retired
            certificate (at least one stays).
        ldap (UpdateSsoConnectionRequestLdap | Unset): LDAP: fields to change.
        service_password (str | Unset): LDAP: a new service-account password, sealed at rest; never returned.
        oidc (UpdateSsoConnectionRequestOidc | Unset): OIDC: fields to change; the provider is discovered again from the
            issuer.
        client_secret (str | Unset): OIDC: a new client secret, sealed at rest; never returned.
    """

    name: str | Unset = UNSET
    enforced: bool | Unset = UNSET
    metadata_xml: str | Unset = UNSET
    saml: UpdateSsoConnectionRequestSaml | Unset = UNSET
    add_certificates: list[str] | Unset = UNSET
    remove_certificates: list[str] | Unset = UNSET
    ldap: UpdateSsoConnectionRequestLdap | Unset = UNSET
    service_password: str | Unset = UNSET
    oidc: UpdateSsoConnectionRequestOidc | Unset = UNSET
    client_secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        enforced = self.enforced

        metadata_xml = self.metadata_xml

        saml: dict[str, Any] | Unset = UNSET
        if not isinstance(self.saml, Unset):
            saml = self.saml.to_dict()

        add_certificates: list[str] | Unset = UNSET
        if not isinstance(self.add_certificates, Unset):
            add_certificates = self.add_certificates

        remove_certificates: list[str] | Unset = UNSET
        if not isinstance(self.remove_certificates, Unset):
            remove_certificates = self.remove_certificates

        ldap: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ldap, Unset):
            ldap = self.ldap.to_dict()

        service_password = self.service_password

        oidc: dict[str, Any] | Unset = UNSET
        if not isinstance(self.oidc, Unset):
            oidc = self.oidc.to_dict()

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if enforced is not UNSET:
            field_dict["enforced"] = enforced
        if metadata_xml is not UNSET:
            field_dict["metadata_xml"] = metadata_xml
        if saml is not UNSET:
            field_dict["saml"] = saml
        if add_certificates is not UNSET:
            field_dict["add_certificates"] = add_certificates
        if remove_certificates is not UNSET:
            field_dict["remove_certificates"] = remove_certificates
        if ldap is not UNSET:
            field_dict["ldap"] = ldap
        if service_password is not UNSET:
            field_dict["service_password"] = service_password
        if oidc is not UNSET:
            field_dict["oidc"] = oidc
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_sso_connection_request_ldap import (
            UpdateSsoConnectionRequestLdap,
        )
        from ..models.update_sso_connection_request_oidc import (
            UpdateSsoConnectionRequestOidc,
        )
        from ..models.update_sso_connection_request_saml import (
            UpdateSsoConnectionRequestSaml,
        )

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        enforced = d.pop("enforced", UNSET)

        metadata_xml = d.pop("metadata_xml", UNSET)

        _saml = d.pop("saml", UNSET)
        saml: UpdateSsoConnectionRequestSaml | Unset
        if isinstance(_saml, Unset):
            saml = UNSET
        else:
            saml = UpdateSsoConnectionRequestSaml.from_dict(_saml)

        add_certificates = cast(list[str], d.pop("add_certificates", UNSET))

        remove_certificates = cast(list[str], d.pop("remove_certificates", UNSET))

        _ldap = d.pop("ldap", UNSET)
        ldap: UpdateSsoConnectionRequestLdap | Unset
        if isinstance(_ldap, Unset):
            ldap = UNSET
        else:
            ldap = UpdateSsoConnectionRequestLdap.from_dict(_ldap)

        service_password = d.pop("service_password", UNSET)

        _oidc = d.pop("oidc", UNSET)
        oidc: UpdateSsoConnectionRequestOidc | Unset
        if isinstance(_oidc, Unset):
            oidc = UNSET
        else:
            oidc = UpdateSsoConnectionRequestOidc.from_dict(_oidc)

        client_secret = d.pop("client_secret", UNSET)

        update_sso_connection_request = cls(
            name=name,
            enforced=enforced,
            metadata_xml=metadata_xml,
            saml=saml,
            add_certificates=add_certificates,
            remove_certificates=remove_certificates,
            ldap=ldap,
            service_password=service_password,
            oidc=oidc,
            client_secret=client_secret,
        )

        return update_sso_connection_request
