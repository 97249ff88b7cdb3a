from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.mcp_registry_entry import McpRegistryEntry
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/mcp/server.json",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> McpRegistryEntry | None:
    if response.status_code == 200:
        response_200 = McpRegistryEntry.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[McpRegistryEntry]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[McpRegistryEntry]:
    """The MCP server's registry entry (server.json)

     This deployment's entry for the MCP registry (https://modelcontextprotocol.io/registry), the
    `server.json` that `mcp-publisher publish` sends: its remote transport (`streamable-http` at
    `<origin>/mcp`, the optional `X-Organization-Id` header) and, under `_meta`, how a client is
    authorised (the protected resource metadata, this authorization server, dynamic registration or a
    Client ID Metadata Document, PKCE S256). Public, cacheable for 5 minutes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[McpRegistryEntry]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> McpRegistryEntry | None:
    """The MCP server's registry entry (server.json)

     This deployment's entry for the MCP registry (https://modelcontextprotocol.io/registry), the
    `server.json` that `mcp-publisher publish` sends: its remote transport (`streamable-http` at
    `<origin>/mcp`, the optional `X-Organization-Id` header) and, under `_meta`, how a client is
    authorised (the protected resource metadata, this authorization server, dynamic registration or a
    Client ID Metadata Document, PKCE S256). Public, cacheable for 5 minutes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        McpRegistryEntry
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[McpRegistryEntry]:
    """The MCP server's registry entry (server.json)

     This deployment's entry for the MCP registry (https://modelcontextprotocol.io/registry), the
    `server.json` that `mcp-publisher publish` sends: its remote transport (`streamable-http` at
    `<origin>/mcp`, the optional `X-Organization-Id` header) and, under `_meta`, how a client is
    authorised (the protected resource metadata, this authorization server, dynamic registration or a
    Client ID Metadata Document, PKCE S256). Public, cacheable for 5 minutes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[McpRegistryEntry]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> McpRegistryEntry | None:
    """The MCP server's registry entry (server.json)

     This deployment's entry for the MCP registry (https://modelcontextprotocol.io/registry), the
    `server.json` that `mcp-publisher publish` sends: its remote transport (`streamable-http` at
    `<origin>/mcp`, the optional `X-Organization-Id` header) and, under `_meta`, how a client is
    authorised (the protected resource metadata, this authorization server, dynamic registration or a
    Client ID Metadata Document, PKCE S256). Public, cacheable for 5 minutes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        McpRegistryEntry
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
