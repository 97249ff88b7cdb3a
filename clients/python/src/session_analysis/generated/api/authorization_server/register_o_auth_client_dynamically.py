from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.client_registration_request import ClientRegistrationRequest
from ...models.client_registration_response import ClientRegistrationResponse
from ...models.o_auth_error import OAuthError
from ...types import Response


def _get_kwargs(
    *,
    body: ClientRegistrationRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth2/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ClientRegistrationResponse | OAuthError | None:
    if response.status_code == 201:
        response_201 = ClientRegistrationResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = OAuthError.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ClientRegistrationResponse | OAuthError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClientRegistrationRequest,
) -> Response[ClientRegistrationResponse | OAuthError]:
    """Dynamic client registration (RFC 7591)

     Open registration for agents (docs/mcp.md): public clients only (`token_endpoint_auth_method` none,
    PKCE S256 at every authorization), the authorization_code grant with refresh, redirect URIs https or
    http loopback (any port matches). At most 10 an hour and 30 a day per client address (429
    `slow_down` with Retry-After). A registration is deleted a day after it was made unless a token was
    issued to it; each token keeps it 30 days more. No secret is issued.

    Args:
        body (ClientRegistrationRequest): RFC 7591 §2 client metadata (public clients only).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClientRegistrationResponse | OAuthError]
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
    client: AuthenticatedClient | Client,
    body: ClientRegistrationRequest,
) -> ClientRegistrationResponse | OAuthError | None:
    """Dynamic client registration (RFC 7591)

     Open registration for agents (docs/mcp.md): public clients only (`token_endpoint_auth_method` none,
    PKCE S256 at every authorization), the authorization_code grant with refresh, redirect URIs https or
    http loopback (any port matches). At most 10 an hour and 30 a day per client address (429
    `slow_down` with Retry-After). A registration is deleted a day after it was made unless a token was
    issued to it; each token keeps it 30 days more. No secret is issued.

    Args:
        body (ClientRegistrationRequest): RFC 7591 §2 client metadata (public clients only).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClientRegistrationResponse | OAuthError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClientRegistrationRequest,
) -> Response[ClientRegistrationResponse | OAuthError]:
    """Dynamic client registration (RFC 7591)

     Open registration for agents (docs/mcp.md): public clients only (`token_endpoint_auth_method` none,
    PKCE S256 at every authorization), the authorization_code grant with refresh, redirect URIs https or
    http loopback (any port matches). At most 10 an hour and 30 a day per client address (429
    `slow_down` with Retry-After). A registration is deleted a day after it was made unless a token was
    issued to it; each token keeps it 30 days more. No secret is issued.

    Args:
        body (ClientRegistrationRequest): RFC 7591 §2 client metadata (public clients only).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClientRegistrationResponse | OAuthError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ClientRegistrationRequest,
) -> ClientRegistrationResponse | OAuthError | None:
    """Dynamic client registration (RFC 7591)

     Open registration for agents (docs/mcp.md): public clients only (`token_endpoint_auth_method` none,
    PKCE S256 at every authorization), the authorization_code grant with refresh, redirect URIs https or
    http loopback (any port matches). At most 10 an hour and 30 a day per client address (429
    `slow_down` with Retry-After). A registration is deleted a day after it was made unless a token was
    issued to it; each token keeps it 30 days more. No secret is issued.

    Args:
        body (ClientRegistrationRequest): RFC 7591 §2 client metadata (public clients only).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClientRegistrationResponse | OAuthError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
