from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.oidc_callback_response_200 import OidcCallbackResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["code"] = code

    params["state"] = state

    params["iss"] = iss

    params["error"] = error

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oidc/callback",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | OidcCallbackResponse200 | None:
    if response.status_code == 200:
        response_200 = OidcCallbackResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())

        return response_502

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | OidcCallbackResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OidcCallbackResponse200]:
    """OpenID Connect redirect URI

     The provider's answer: checks `state` against this browser's cookie (once), exchanges the code with
    the client secret and the PKCE verifier, verifies the ID token (signature by the issuer's JWKS with
    `alg` pinned, `iss`, `aud`/`azp`, `exp`/`iat`, `nonce` once), requires `email_verified` and a
    verified domain, provisions the user and answers like POST /v1/auth/login.

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OidcCallbackResponse200]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> ErrorEnvelope | OidcCallbackResponse200 | None:
    """OpenID Connect redirect URI

     The provider's answer: checks `state` against this browser's cookie (once), exchanges the code with
    the client secret and the PKCE verifier, verifies the ID token (signature by the issuer's JWKS with
    `alg` pinned, `iss`, `aud`/`azp`, `exp`/`iat`, `nonce` once), requires `email_verified` and a
    verified domain, provisions the user and answers like POST /v1/auth/login.

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OidcCallbackResponse200
    """

    return sync_detailed(
        client=client,
        code=code,
        state=state,
        iss=iss,
        error=error,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Response[ErrorEnvelope | OidcCallbackResponse200]:
    """OpenID Connect redirect URI

     The provider's answer: checks `state` against this browser's cookie (once), exchanges the code with
    the client secret and the PKCE verifier, verifies the ID token (signature by the issuer's JWKS with
    `alg` pinned, `iss`, `aud`/`azp`, `exp`/`iat`, `nonce` once), requires `email_verified` and a
    verified domain, provisions the user and answers like POST /v1/auth/login.

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OidcCallbackResponse200]
    """

    kwargs = _get_kwargs(
        code=code,
        state=state,
        iss=iss,
        error=error,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> ErrorEnvelope | OidcCallbackResponse200 | None:
    """OpenID Connect redirect URI

     The provider's answer: checks `state` against this browser's cookie (once), exchanges the code with
    the client secret and the PKCE verifier, verifies the ID token (signature by the issuer's JWKS with
    `alg` pinned, `iss`, `aud`/`azp`, `exp`/`iat`, `nonce` once), requires `email_verified` and a
    verified domain, provisions the user and answers like POST /v1/auth/login.

    Args:
        code (str | Unset):
        state (str | Unset):
        iss (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OidcCallbackResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            code=code,
            state=state,
            iss=iss,
            error=error,
        )
    ).parsed
