from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.introspection_response import IntrospectionResponse
from ...models.o_auth_error import OAuthError
from ...models.token_hint_request import TokenHintRequest
from ...types import Response


def _get_kwargs(
    *,
    body: TokenHintRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth2/introspect",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IntrospectionResponse | OAuthError | None:
    if response.status_code == 200:
        response_200 = IntrospectionResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OAuthError.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[IntrospectionResponse | OAuthError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenHintRequest,
) -> Response[IntrospectionResponse | OAuthError]:
    """Token introspection (RFC 7662)

     For confidential clients, about tokens issued to themselves: `{active: false}` for anything else
    (RFC 7662 §2.2).

    Args:
        body (TokenHintRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IntrospectionResponse | OAuthError]
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
    body: TokenHintRequest,
) -> IntrospectionResponse | OAuthError | None:
    """Token introspection (RFC 7662)

     For confidential clients, about tokens issued to themselves: `{active: false}` for anything else
    (RFC 7662 §2.2).

    Args:
        body (TokenHintRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IntrospectionResponse | OAuthError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenHintRequest,
) -> Response[IntrospectionResponse | OAuthError]:
    """Token introspection (RFC 7662)

     For confidential clients, about tokens issued to themselves: `{active: false}` for anything else
    (RFC 7662 §2.2).

    Args:
        body (TokenHintRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IntrospectionResponse | OAuthError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TokenHintRequest,
) -> IntrospectionResponse | OAuthError | None:
    """Token introspection (RFC 7662)

     For confidential clients, about tokens issued to themselves: `{active: false}` for anything else
    (RFC 7662 §2.2).

    Args:
        body (TokenHintRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IntrospectionResponse | OAuthError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
