from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.token_request import TokenRequest
from ...models.token_response import TokenResponse
from ...types import Response


def _get_kwargs(
    *,
    body: TokenRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth2/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthError | TokenResponse | None:
    if response.status_code == 200:
        response_200 = TokenResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OAuthError.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = OAuthError.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OAuthError | TokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenRequest,
) -> Response[OAuthError | TokenResponse]:
    """Token endpoint (RFC 6749 §3.2)

     Grants: `client_credentials` (access token for 3600 s), `authorization_code` (with PKCE for public
    clients; adds a refresh token) and `refresh_token` (rotates it). Confidential clients authenticate
    with HTTP Basic (client_secret_basic) or form fields (client_secret_post). Responses are `no-store`.

    Args:
        body (TokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | TokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: TokenRequest,
) -> OAuthError | TokenResponse | None:
    """Token endpoint (RFC 6749 §3.2)

     Grants: `client_credentials` (access token for 3600 s), `authorization_code` (with PKCE for public
    clients; adds a refresh token) and `refresh_token` (rotates it). Confidential clients authenticate
    with HTTP Basic (client_secret_basic) or form fields (client_secret_post). Responses are `no-store`.

    Args:
        body (TokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | TokenResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenRequest,
) -> Response[OAuthError | TokenResponse]:
    """Token endpoint (RFC 6749 §3.2)

     Grants: `client_credentials` (access token for 3600 s), `authorization_code` (with PKCE for public
    clients; adds a refresh token) and `refresh_token` (rotates it). Confidential clients authenticate
    with HTTP Basic (client_secret_basic) or form fields (client_secret_post). Responses are `no-store`.

    Args:
        body (TokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | TokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TokenRequest,
) -> OAuthError | TokenResponse | None:
    """Token endpoint (RFC 6749 §3.2)

     Grants: `client_credentials` (access token for 3600 s), `authorization_code` (with PKCE for public
    clients; adds a refresh token) and `refresh_token` (rotates it). Confidential clients authenticate
    with HTTP Basic (client_secret_basic) or form fields (client_secret_post). Responses are `no-store`.

    Args:
        body (TokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | TokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
