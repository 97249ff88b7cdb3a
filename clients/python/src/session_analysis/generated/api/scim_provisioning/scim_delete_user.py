from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.scim_error import ScimError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    connection: str,
    id: str,
    *,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["if-match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/scim/v2/{connection}/Users/{id}".format(
            connection=quote(str(connection), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ScimError | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = ScimError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ScimError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ScimError.from_dict(response.json())

        return response_404

    if response.status_code == 412:
        response_412 = ScimError.from_dict(response.json())

        return response_412

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
) -> Response[Any | ScimError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connection: str,
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
) -> Response[Any | ScimError]:
    """Delete a User (RFC 7644 §3.6)

     Ends the member's access to the organization as `active: false` does; the account stays its
    holder's.

    Args:
        connection (str):
        id (str):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ScimError]
    """

    kwargs = _get_kwargs(
        connection=connection,
        id=id,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection: str,
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
) -> Any | ScimError | None:
    """Delete a User (RFC 7644 §3.6)

     Ends the member's access to the organization as `active: false` does; the account stays its
    holder's.

    Args:
        connection (str):
        id (str):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ScimError
    """

    return sync_detailed(
        connection=connection,
        id=id,
        client=client,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    connection: str,
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
) -> Response[Any | ScimError]:
    """Delete a User (RFC 7644 §3.6)

     Ends the member's access to the organization as `active: false` does; the account stays its
    holder's.

    Args:
        connection (str):
        id (str):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ScimError]
    """

    kwargs = _get_kwargs(
        connection=connection,
        id=id,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection: str,
    id: str,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
) -> Any | ScimError | None:
    """Delete a User (RFC 7644 §3.6)

     Ends the member's access to the organization as `active: false` does; the account stays its
    holder's.

    Args:
        connection (str):
        id (str):
        if_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ScimError
    """

    return (
        await asyncio_detailed(
            connection=connection,
            id=id,
            client=client,
            if_match=if_match,
        )
    ).parsed
