from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.scim_error import ScimError
from ...models.scim_list_response import ScimListResponse
from ...models.scim_search_request import ScimSearchRequest
from ...types import Response


def _get_kwargs(
    connection: str,
    *,
    body: ScimSearchRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/scim/v2/{connection}/.search".format(
            connection=quote(str(connection), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/scim+json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ScimError | ScimListResponse | None:
    if response.status_code == 200:
        response_200 = ScimListResponse.from_dict(response.json())

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
) -> Response[ScimError | ScimListResponse]:
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
    body: ScimSearchRequest,
) -> Response[ScimError | ScimListResponse]:
    """Search every resource type (RFC 7644 §3.4.3)

     Users, then Groups, with the filter where it applies, paged as one list.

    Args:
        connection (str):
        body (ScimSearchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListResponse]
    """

    kwargs = _get_kwargs(
        connection=connection,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection: str,
    *,
    client: AuthenticatedClient,
    body: ScimSearchRequest,
) -> ScimError | ScimListResponse | None:
    """Search every resource type (RFC 7644 §3.4.3)

     Users, then Groups, with the filter where it applies, paged as one list.

    Args:
        connection (str):
        body (ScimSearchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListResponse
    """

    return sync_detailed(
        connection=connection,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    connection: str,
    *,
    client: AuthenticatedClient,
    body: ScimSearchRequest,
) -> Response[ScimError | ScimListResponse]:
    """Search every resource type (RFC 7644 §3.4.3)

     Users, then Groups, with the filter where it applies, paged as one list.

    Args:
        connection (str):
        body (ScimSearchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ScimError | ScimListResponse]
    """

    kwargs = _get_kwargs(
        connection=connection,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection: str,
    *,
    client: AuthenticatedClient,
    body: ScimSearchRequest,
) -> ScimError | ScimListResponse | None:
    """Search every resource type (RFC 7644 §3.4.3)

     Users, then Groups, with the filter where it applies, paged as one list.

    Args:
        connection (str):
        body (ScimSearchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ScimError | ScimListResponse
    """

    return (
        await asyncio_detailed(
            connection=connection,
            client=client,
            body=body,
        )
    ).parsed
