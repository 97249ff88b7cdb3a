from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.verify_mfa_response_200 import VerifyMfaResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/mfa/verify",
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | VerifyMfaResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifyMfaResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

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
) -> Response[ErrorEnvelope | VerifyMfaResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | VerifyMfaResponse200]:
    """Complete a sign-in with a second factor

     Answers the `MfaChallenge` of `POST /v1/auth/login` with an authenticator code (`code`), a passkey's
    assertion for the challenge's `webauthn` options (`webauthn`) or a recovery code (`recovery_code`).
    The challenge is single-use and expires after `expires_in` seconds or five wrong codes; an
    authenticator code is accepted once and a recovery code is spent. Returns the same tokens as a
    password sign-in.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | VerifyMfaResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Any,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | VerifyMfaResponse200 | None:
    """Complete a sign-in with a second factor

     Answers the `MfaChallenge` of `POST /v1/auth/login` with an authenticator code (`code`), a passkey's
    assertion for the challenge's `webauthn` options (`webauthn`) or a recovery code (`recovery_code`).
    The challenge is single-use and expires after `expires_in` seconds or five wrong codes; an
    authenticator code is accepted once and a recovery code is spent. Returns the same tokens as a
    password sign-in.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | VerifyMfaResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | VerifyMfaResponse200]:
    """Complete a sign-in with a second factor

     Answers the `MfaChallenge` of `POST /v1/auth/login` with an authenticator code (`code`), a passkey's
    assertion for the challenge's `webauthn` options (`webauthn`) or a recovery code (`recovery_code`).
    The challenge is single-use and expires after `expires_in` seconds or five wrong codes; an
    authenticator code is accepted once and a recovery code is spent. Returns the same tokens as a
    password sign-in.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | VerifyMfaResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Any,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | VerifyMfaResponse200 | None:
    """Complete a sign-in with a second factor

     Answers the `MfaChallenge` of `POST /v1/auth/login` with an authenticator code (`code`), a passkey's
    assertion for the challenge's `webauthn` options (`webauthn`) or a recovery code (`recovery_code`).
    The challenge is single-use and expires after `expires_in` seconds or five wrong codes; an
    authenticator code is accepted once and a recovery code is spent. Returns the same tokens as a
    password sign-in.

    Args:
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | VerifyMfaResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
