from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.passkey_registration_options_response_200 import (
    PasskeyRegistrationOptionsResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_organization_id, Unset):
        headers["x-organization-id"] = x_organization_id

    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/users/me/mfa/passkeys/options",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | PasskeyRegistrationOptionsResponse200 | None:
    if response.status_code == 200:
        response_200 = PasskeyRegistrationOptionsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | PasskeyRegistrationOptionsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | PasskeyRegistrationOptionsResponse200]:
    """Start registering a passkey

     Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with
    user verification required, for the configured relying party id. Its challenge is single-use, bound
    to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST
    /v1/users/me/mfa/passkeys`. Account security: only the account's holder, signed in (a password,
    passkey or SSO sign-in's access token, or the console's session), may do this: an API key or an
    OAuth client's token (MCP and client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS`
    (`details.reason: sign_in_required`); with a second factor on the account it also needs a step-up
    check in the last 10 minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PasskeyRegistrationOptionsResponse200]
    """

    kwargs = _get_kwargs(
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | PasskeyRegistrationOptionsResponse200 | None:
    """Start registering a passkey

     Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with
    user verification required, for the configured relying party id. Its challenge is single-use, bound
    to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST
    /v1/users/me/mfa/passkeys`. Account security: only the account's holder, signed in (a password,
    passkey or SSO sign-in's access token, or the console's session), may do this: an API key or an
    OAuth client's token (MCP and client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS`
    (`details.reason: sign_in_required`); with a second factor on the account it also needs a step-up
    check in the last 10 minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PasskeyRegistrationOptionsResponse200
    """

    return sync_detailed(
        client=client,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | PasskeyRegistrationOptionsResponse200]:
    """Start registering a passkey

     Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with
    user verification required, for the configured relying party id. Its challenge is single-use, bound
    to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST
    /v1/users/me/mfa/passkeys`. Account security: only the account's holder, signed in (a password,
    passkey or SSO sign-in's access token, or the console's session), may do this: an API key or an
    OAuth client's token (MCP and client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS`
    (`details.reason: sign_in_required`); with a second factor on the account it also needs a step-up
    check in the last 10 minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | PasskeyRegistrationOptionsResponse200]
    """

    kwargs = _get_kwargs(
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | PasskeyRegistrationOptionsResponse200 | None:
    """Start registering a passkey

     Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with
    user verification required, for the configured relying party id. Its challenge is single-use, bound
    to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST
    /v1/users/me/mfa/passkeys`. Account security: only the account's holder, signed in (a password,
    passkey or SSO sign-in's access token, or the console's session), may do this: an API key or an
    OAuth client's token (MCP and client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS`
    (`details.reason: sign_in_required`); with a second factor on the account it also needs a step-up
    check in the last 10 minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | PasskeyRegistrationOptionsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
