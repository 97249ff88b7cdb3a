from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.list_sessions_order import ListSessionsOrder
from ...models.list_sessions_response_200 import ListSessionsResponse200
from ...models.list_sessions_session_type import ListSessionsSessionType
from ...models.list_sessions_sort_by import ListSessionsSortBy
from ...models.list_sessions_status import ListSessionsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListSessionsStatus | Unset = UNSET,
    session_type: ListSessionsSessionType | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    sort_by: ListSessionsSortBy | Unset = ListSessionsSortBy.CREATED_AT,
    order: ListSessionsOrder | Unset = ListSessionsOrder.DESC,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_organization_id, Unset):
        headers["x-organization-id"] = x_organization_id

    if not isinstance(x_client_version, Unset):
        headers["X-Client-Version"] = x_client_version

    if not isinstance(x_d1_bookmark, Unset):
        headers["X-D1-Bookmark"] = x_d1_bookmark

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_session_type: str | Unset = UNSET
    if not isinstance(session_type, Unset):
        json_session_type = session_type.value

    params["session_type"] = json_session_type

    params["limit"] = limit

    params["offset"] = offset

    json_sort_by: str | Unset = UNSET
    if not isinstance(sort_by, Unset):
        json_sort_by = sort_by.value

    params["sort_by"] = json_sort_by

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/sessions",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ListSessionsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListSessionsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | ListSessionsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListSessionsStatus | Unset = UNSET,
    session_type: ListSessionsSessionType | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    sort_by: ListSessionsSortBy | Unset = ListSessionsSortBy.CREATED_AT,
    order: ListSessionsOrder | Unset = ListSessionsOrder.DESC,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListSessionsResponse200]:
    """List the caller's sessions

     Only sessions of the families the credential can read (`remote-viewing:read`, `dowsing:read`). Ties
    in the sort are broken by id; sessions without a value for the sort field (not completed) sort last
    in `desc` and first in `asc`.

    Args:
        status (ListSessionsStatus | Unset):
        session_type (ListSessionsSessionType | Unset):
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        sort_by (ListSessionsSortBy | Unset):  Default: ListSessionsSortBy.CREATED_AT.
        order (ListSessionsOrder | Unset):  Default: ListSessionsOrder.DESC.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListSessionsResponse200]
    """

    kwargs = _get_kwargs(
        status=status,
        session_type=session_type,
        limit=limit,
        offset=offset,
        sort_by=sort_by,
        order=order,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListSessionsStatus | Unset = UNSET,
    session_type: ListSessionsSessionType | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    sort_by: ListSessionsSortBy | Unset = ListSessionsSortBy.CREATED_AT,
    order: ListSessionsOrder | Unset = ListSessionsOrder.DESC,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListSessionsResponse200 | None:
    """List the caller's sessions

     Only sessions of the families the credential can read (`remote-viewing:read`, `dowsing:read`). Ties
    in the sort are broken by id; sessions without a value for the sort field (not completed) sort last
    in `desc` and first in `asc`.

    Args:
        status (ListSessionsStatus | Unset):
        session_type (ListSessionsSessionType | Unset):
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        sort_by (ListSessionsSortBy | Unset):  Default: ListSessionsSortBy.CREATED_AT.
        order (ListSessionsOrder | Unset):  Default: ListSessionsOrder.DESC.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListSessionsResponse200
    """

    return sync_detailed(
        client=client,
        status=status,
        session_type=session_type,
        limit=limit,
        offset=offset,
        sort_by=sort_by,
        order=order,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListSessionsStatus | Unset = UNSET,
    session_type: ListSessionsSessionType | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    sort_by: ListSessionsSortBy | Unset = ListSessionsSortBy.CREATED_AT,
    order: ListSessionsOrder | Unset = ListSessionsOrder.DESC,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListSessionsResponse200]:
    """List the caller's sessions

     Only sessions of the families the credential can read (`remote-viewing:read`, `dowsing:read`). Ties
    in the sort are broken by id; sessions without a value for the sort field (not completed) sort last
    in `desc` and first in `asc`.

    Args:
        status (ListSessionsStatus | Unset):
        session_type (ListSessionsSessionType | Unset):
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        sort_by (ListSessionsSortBy | Unset):  Default: ListSessionsSortBy.CREATED_AT.
        order (ListSessionsOrder | Unset):  Default: ListSessionsOrder.DESC.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListSessionsResponse200]
    """

    kwargs = _get_kwargs(
        status=status,
        session_type=session_type,
        limit=limit,
        offset=offset,
        sort_by=sort_by,
        order=order,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListSessionsStatus | Unset = UNSET,
    session_type: ListSessionsSessionType | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    sort_by: ListSessionsSortBy | Unset = ListSessionsSortBy.CREATED_AT,
    order: ListSessionsOrder | Unset = ListSessionsOrder.DESC,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListSessionsResponse200 | None:
    """List the caller's sessions

     Only sessions of the families the credential can read (`remote-viewing:read`, `dowsing:read`). Ties
    in the sort are broken by id; sessions without a value for the sort field (not completed) sort last
    in `desc` and first in `asc`.

    Args:
        status (ListSessionsStatus | Unset):
        session_type (ListSessionsSessionType | Unset):
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        sort_by (ListSessionsSortBy | Unset):  Default: ListSessionsSortBy.CREATED_AT.
        order (ListSessionsOrder | Unset):  Default: ListSessionsOrder.DESC.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListSessionsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            session_type=session_type,
            limit=limit,
            offset=offset,
            sort_by=sort_by,
            order=order,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
