from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    connection: str | Unset = UNSET,
    email: str | Unset = UNSET,
    domain: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["connection"] = connection

    params["email"] = email

    params["domain"] = domain

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oidc/login",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorEnvelope | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    connection: str | Unset = UNSET,
    email: str | Unset = UNSET,
    domain: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Start OpenID Connect sign-on

     Authorization code sign-on with an organization's OpenID Provider: finds the connection by
    `connection` id, by `email` (its verified domain) or by `domain`, as `/saml/login` does, then
    redirects to the provider's authorization endpoint with PKCE S256, a fresh `state` and `nonce`, and
    sets the HttpOnly cookie that binds them to this browser for 10 minutes.

    Args:
        connection (str | Unset):
        email (str | Unset):
        domain (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        connection=connection,
        email=email,
        domain=domain,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    connection: str | Unset = UNSET,
    email: str | Unset = UNSET,
    domain: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Start OpenID Connect sign-on

     Authorization code sign-on with an organization's OpenID Provider: finds the connection by
    `connection` id, by `email` (its verified domain) or by `domain`, as `/saml/login` does, then
    redirects to the provider's authorization endpoint with PKCE S256, a fresh `state` and `nonce`, and
    sets the HttpOnly cookie that binds them to this browser for 10 minutes.

    Args:
        connection (str | Unset):
        email (str | Unset):
        domain (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return sync_detailed(
        client=client,
        connection=connection,
        email=email,
        domain=domain,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    connection: str | Unset = UNSET,
    email: str | Unset = UNSET,
    domain: str | Unset = UNSET,
) -> Response[Any | ErrorEnvelope]:
    """Start OpenID Connect sign-on

     Authorization code sign-on with an organization's OpenID Provider: finds the connection by
    `connection` id, by `email` (its verified domain) or by `domain`, as `/saml/login` does, then
    redirects to the provider's authorization endpoint with PKCE S256, a fresh `state` and `nonce`, and
    sets the HttpOnly cookie that binds them to this browser for 10 minutes.

    Args:
        connection (str | Unset):
        email (str | Unset):
        domain (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        connection=connection,
        email=email,
        domain=domain,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    connection: str | Unset = UNSET,
    email: str | Unset = UNSET,
    domain: str | Unset = UNSET,
) -> Any | ErrorEnvelope | None:
    """Start OpenID Connect sign-on

     Authorization code sign-on with an organization's OpenID Provider: finds the connection by
    `connection` id, by `email` (its verified domain) or by `domain`, as `/saml/login` does, then
    redirects to the provider's authorization endpoint with PKCE S256, a fresh `state` and `nonce`, and
    sets the HttpOnly cookie that binds them to this browser for 10 minutes.

    Args:
        connection (str | Unset):
        email (str | Unset):
        domain (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            client=client,
            connection=connection,
            email=email,
            domain=domain,
        )
    ).parsed
