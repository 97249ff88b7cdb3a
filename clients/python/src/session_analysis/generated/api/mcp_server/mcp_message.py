from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.json_rpc_message import JsonRpcMessage
from ...types import Response


def _get_kwargs(
    *,
    body: JsonRpcMessage,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/mcp",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | JsonRpcMessage | None:
    if response.status_code == 200:
        response_200 = JsonRpcMessage.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = cast(Any, None)
        return response_202

    if response.status_code == 400:
        response_400 = JsonRpcMessage.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = JsonRpcMessage.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = JsonRpcMessage.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = JsonRpcMessage.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = JsonRpcMessage.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = JsonRpcMessage.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | JsonRpcMessage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: JsonRpcMessage,
) -> Response[Any | JsonRpcMessage]:
    """Send one MCP JSON-RPC message (Streamable HTTP)

     The Model Context Protocol's Streamable HTTP transport (docs/mcp.md): one JSON-RPC message per POST
    (no batches), answered as JSON, or as an SSE stream when progress notifications precede the result.
    Needs an OAuth access token issued for this resource (`resource=<origin>/mcp`, RFC 8707); REST
    tokens and API keys are refused. The tools the caller sees are those its scopes allow; calling
    another is 403 `insufficient_scope` naming the scopes. Refusals carry the error catalogue's code in
    the JSON-RPC error's `data.code`. The tier rate limits apply per request as for /v1.

    Args:
        body (JsonRpcMessage): One JSON-RPC 2.0 message (MCP). Errors carry the error catalogue's
            code in `error.data.code`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | JsonRpcMessage]
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
    body: JsonRpcMessage,
) -> Any | JsonRpcMessage | None:
    """Send one MCP JSON-RPC message (Streamable HTTP)

     The Model Context Protocol's Streamable HTTP transport (docs/mcp.md): one JSON-RPC message per POST
    (no batches), answered as JSON, or as an SSE stream when progress notifications precede the result.
    Needs an OAuth access token issued for this resource (`resource=<origin>/mcp`, RFC 8707); REST
    tokens and API keys are refused. The tools the caller sees are those its scopes allow; calling
    another is 403 `insufficient_scope` naming the scopes. Refusals carry the error catalogue's code in
    the JSON-RPC error's `data.code`. The tier rate limits apply per request as for /v1.

    Args:
        body (JsonRpcMessage): One JSON-RPC 2.0 message (MCP). Errors carry the error catalogue's
            code in `error.data.code`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | JsonRpcMessage
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: JsonRpcMessage,
) -> Response[Any | JsonRpcMessage]:
    """Send one MCP JSON-RPC message (Streamable HTTP)

     The Model Context Protocol's Streamable HTTP transport (docs/mcp.md): one JSON-RPC message per POST
    (no batches), answered as JSON, or as an SSE stream when progress notifications precede the result.
    Needs an OAuth access token issued for this resource (`resource=<origin>/mcp`, RFC 8707); REST
    tokens and API keys are refused. The tools the caller sees are those its scopes allow; calling
    another is 403 `insufficient_scope` naming the scopes. Refusals carry the error catalogue's code in
    the JSON-RPC error's `data.code`. The tier rate limits apply per request as for /v1.

    Args:
        body (JsonRpcMessage): One JSON-RPC 2.0 message (MCP). Errors carry the error catalogue's
            code in `error.data.code`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | JsonRpcMessage]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: JsonRpcMessage,
) -> Any | JsonRpcMessage | None:
    """Send one MCP JSON-RPC message (Streamable HTTP)

     The Model Context Protocol's Streamable HTTP transport (docs/mcp.md): one JSON-RPC message per POST
    (no batches), answered as JSON, or as an SSE stream when progress notifications precede the result.
    Needs an OAuth access token issued for this resource (`resource=<origin>/mcp`, RFC 8707); REST
    tokens and API keys are refused. The tools the caller sees are those its scopes allow; calling
    another is 403 `insufficient_scope` naming the scopes. Refusals carry the error catalogue's code in
    the JSON-RPC error's `data.code`. The tier rate limits apply per request as for /v1.

    Args:
        body (JsonRpcMessage): One JSON-RPC 2.0 message (MCP). Errors carry the error catalogue's
            code in `error.data.code`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | JsonRpcMessage
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
