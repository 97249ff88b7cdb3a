from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.scim_error import ScimError
from ...models.scim_list_schemas_response_200 import ScimListSchemasResponse200
from ...types import Response


def _get_kwargs(
    connection: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scim/v2/{connection}/Schemas".format(
            connection=quote(str(connection), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ScimError | ScimListSchemasResponse200 | None:
    if response.status_code == 200:
        response_200 = ScimListSchemasResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ScimError.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = ScimError.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = ScimError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ScimError.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ScimError | ScimListSchemasResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connection: str,
    *,
    client: AuthenticatedClient,
) -> Response[ScimError | ScimListSchemasResponse200]:
    """Schemas (RFC 7643 §7)

     What this service provider supports (RFC 7644 §4); read-only: other methods are 405.

    Args:
        connection (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListSchemasResponse200]
    """

    kwargs = _get_kwargs(
        connection=connection,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection: str,
    *,
    client: AuthenticatedClient,
) -> ScimError | ScimListSchemasResponse200 | None:
    """Schemas (RFC 7643 §7)

     What this service provider supports (RFC 7644 §4); read-only: other methods are 405.

    Args:
        connection (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListSchemasResponse200
    """

    return sync_detailed(
        connection=connection,
        client=client,
    ).parsed


async def asyncio_detailed(
    connection: str,
    *,
    client: AuthenticatedClient,
) -> Response[ScimError | ScimListSchemasResponse200]:
    """Schemas (RFC 7643 §7)

     What this service provider supports (RFC 7644 §4); read-only: other methods are 405.

    Args:
        connection (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListSchemasResponse200]
    """

    kwargs = _get_kwargs(
        connection=connection,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection: str,
    *,
    client: AuthenticatedClient,
) -> ScimError | ScimListSchemasResponse200 | None:
    """Schemas (RFC 7643 §7)

     What this service provider supports (RFC 7644 §4); read-only: other methods are 405.

    Args:
        connection (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListSchemasResponse200
    """

    return (
        await asyncio_detailed(
            connection=connection,
            client=client,
        )
    ).parsed
