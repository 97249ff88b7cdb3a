from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_api_key_request import CreateApiKeyRequest
from ...models.create_api_key_response_201 import CreateApiKeyResponse201
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateApiKeyRequest,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(x_organization_id, Unset):
        headers["x-organization-id"] = x_organization_id

    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api-keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateApiKeyResponse201 | ErrorEnvelope | None:
    if response.status_code == 201:
        response_201 = CreateApiKeyResponse201.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

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
) -> Response[CreateApiKeyResponse201 | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[CreateApiKeyResponse201 | ErrorEnvelope]:
    """Create an API key

     The scopes must be a subset of the token's. The key is returned once (and in replays of this
    response with the same `Idempotency-Key`, which never create a second key); only its hash is stored.
    Account security: only the account's holder, signed in (a password, passkey or SSO sign-in's access
    token, or the console's session), may do this: an API key or an OAuth client's token (MCP and
    client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason:
    sign_in_required`); with a second factor on the account it also needs a step-up check in the last 10
    minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        idempotency_key (str | Unset): Optional, 1–255 printable ASCII characters, unique per
            request you mean to make once (e.g. a UUID). Kept 24 hours per user: a retry with the same
            key and body returns the first response (`Idempotent-Replayed: true`) without doing the
            work again; the same key with another body → 422 IDEMPOTENCY_KEY_MISMATCH; while the first
            is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused by validation,
            authorization or a limit, and 5xx failures, are not stored.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateApiKeyResponse201 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
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
    body: CreateApiKeyRequest,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> CreateApiKeyResponse201 | ErrorEnvelope | None:
    """Create an API key

     The scopes must be a subset of the token's. The key is returned once (and in replays of this
    response with the same `Idempotency-Key`, which never create a second key); only its hash is stored.
    Account security: only the account's holder, signed in (a password, passkey or SSO sign-in's access
    token, or the console's session), may do this: an API key or an OAuth client's token (MCP and
    client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason:
    sign_in_required`); with a second factor on the account it also needs a step-up check in the last 10
    minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        idempotency_key (str | Unset): Optional, 1–255 printable ASCII characters, unique per
            request you mean to make once (e.g. a UUID). Kept 24 hours per user: a retry with the same
            key and body returns the first response (`Idempotent-Replayed: true`) without doing the
            work again; the same key with another body → 422 IDEMPOTENCY_KEY_MISMATCH; while the first
            is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused by validation,
            authorization or a limit, and 5xx failures, are not stored.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateApiKeyResponse201 | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[CreateApiKeyResponse201 | ErrorEnvelope]:
    """Create an API key

     The scopes must be a subset of the token's. The key is returned once (and in replays of this
    response with the same `Idempotency-Key`, which never create a second key); only its hash is stored.
    Account security: only the account's holder, signed in (a password, passkey or SSO sign-in's access
    token, or the console's session), may do this: an API key or an OAuth client's token (MCP and
    client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason:
    sign_in_required`); with a second factor on the account it also needs a step-up check in the last 10
    minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        idempotency_key (str | Unset): Optional, 1–255 printable ASCII characters, unique per
            request you mean to make once (e.g. a UUID). Kept 24 hours per user: a retry with the same
            key and body returns the first response (`Idempotent-Replayed: true`) without doing the
            work again; the same key with another body → 422 IDEMPOTENCY_KEY_MISMATCH; while the first
            is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused by validation,
            authorization or a limit, and 5xx failures, are not stored.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateApiKeyResponse201 | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyRequest,
    idempotency_key: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> CreateApiKeyResponse201 | ErrorEnvelope | None:
    """Create an API key

     The scopes must be a subset of the token's. The key is returned once (and in replays of this
    response with the same `Idempotency-Key`, which never create a second key); only its hash is stored.
    Account security: only the account's holder, signed in (a password, passkey or SSO sign-in's access
    token, or the console's session), may do this: an API key or an OAuth client's token (MCP and
    client-credentials ones included) gets 403 `INSUFFICIENT_PERMISSIONS` (`details.reason:
    sign_in_required`); with a second factor on the account it also needs a step-up check in the last 10
    minutes (`POST /v1/auth/mfa/step-up`; 403 `MFA_REQUIRED` otherwise).

    Args:
        idempotency_key (str | Unset): Optional, 1–255 printable ASCII characters, unique per
            request you mean to make once (e.g. a UUID). Kept 24 hours per user: a retry with the same
            key and body returns the first response (`Idempotent-Replayed: true`) without doing the
            work again; the same key with another body → 422 IDEMPOTENCY_KEY_MISMATCH; while the first
            is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused by validation,
            authorization or a limit, and 5xx failures, are not stored.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (CreateApiKeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateApiKeyResponse201 | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
