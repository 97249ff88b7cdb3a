import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.list_webhook_deliveries_response_200 import (
    ListWebhookDeliveriesResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: str,
    *,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    status: str | Unset = UNSET,
    event_type: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
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

    params["limit"] = limit

    params["offset"] = offset

    params["status"] = status

    params["event_type"] = event_type

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/{webhook_id}/deliveries".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ListWebhookDeliveriesResponse200 | None:
    if response.status_code == 200:
        response_200 = ListWebhookDeliveriesResponse200.from_dict(response.json())

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
) -> Response[ErrorEnvelope | ListWebhookDeliveriesResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    status: str | Unset = UNSET,
    event_type: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListWebhookDeliveriesResponse200]:
    """The webhook's delivery log, newest first

     Each delivery (one event for this webhook) with every attempt: status code, duration and a readable
    error (`connection refused or reset`, `timed out after 15 s`, `HTTP 500`). Filter by `status`,
    `event_type` and time (`since`, `until`); page with `cursor` (`pagination.next_cursor`) or `offset`.

    Args:
        webhook_id (str):  Example: webhook_1763776000000123456.
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        status (str | Unset): Only deliveries in these statuses (comma-separated) Example:
            failed,dead.
        event_type (str | Unset): Only deliveries of this event type (or `webhook.test`)
        since (datetime.datetime | Unset): Only deliveries created at or after this time
        until (datetime.datetime | Unset): Only deliveries created before this time
        cursor (str | Unset): The previous page's `pagination.next_cursor`: the page after it
            (with the same filters); an `offset` then skips rows after it.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListWebhookDeliveriesResponse200]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        limit=limit,
        offset=offset,
        status=status,
        event_type=event_type,
        since=since,
        until=until,
        cursor=cursor,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    status: str | Unset = UNSET,
    event_type: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListWebhookDeliveriesResponse200 | None:
    """The webhook's delivery log, newest first

     Each delivery (one event for this webhook) with every attempt: status code, duration and a readable
    error (`connection refused or reset`, `timed out after 15 s`, `HTTP 500`). Filter by `status`,
    `event_type` and time (`since`, `until`); page with `cursor` (`pagination.next_cursor`) or `offset`.

    Args:
        webhook_id (str):  Example: webhook_1763776000000123456.
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        status (str | Unset): Only deliveries in these statuses (comma-separated) Example:
            failed,dead.
        event_type (str | Unset): Only deliveries of this event type (or `webhook.test`)
        since (datetime.datetime | Unset): Only deliveries created at or after this time
        until (datetime.datetime | Unset): Only deliveries created before this time
        cursor (str | Unset): The previous page's `pagination.next_cursor`: the page after it
            (with the same filters); an `offset` then skips rows after it.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListWebhookDeliveriesResponse200
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        limit=limit,
        offset=offset,
        status=status,
        event_type=event_type,
        since=since,
        until=until,
        cursor=cursor,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    status: str | Unset = UNSET,
    event_type: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListWebhookDeliveriesResponse200]:
    """The webhook's delivery log, newest first

     Each delivery (one event for this webhook) with every attempt: status code, duration and a readable
    error (`connection refused or reset`, `timed out after 15 s`, `HTTP 500`). Filter by `status`,
    `event_type` and time (`since`, `until`); page with `cursor` (`pagination.next_cursor`) or `offset`.

    Args:
        webhook_id (str):  Example: webhook_1763776000000123456.
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        status (str | Unset): Only deliveries in these statuses (comma-separated) Example:
            failed,dead.
        event_type (str | Unset): Only deliveries of this event type (or `webhook.test`)
        since (datetime.datetime | Unset): Only deliveries created at or after this time
        until (datetime.datetime | Unset): Only deliveries created before this time
        cursor (str | Unset): The previous page's `pagination.next_cursor`: the page after it
            (with the same filters); an `offset` then skips rows after it.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListWebhookDeliveriesResponse200]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        limit=limit,
        offset=offset,
        status=status,
        event_type=event_type,
        since=since,
        until=until,
        cursor=cursor,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    status: str | Unset = UNSET,
    event_type: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListWebhookDeliveriesResponse200 | None:
    """The webhook's delivery log, newest first

     Each delivery (one event for this webhook) with every attempt: status code, duration and a readable
    error (`connection refused or reset`, `timed out after 15 s`, `HTTP 500`). Filter by `status`,
    `event_type` and time (`since`, `until`); page with `cursor` (`pagination.next_cursor`) or `offset`.

    Args:
        webhook_id (str):  Example: webhook_1763776000000123456.
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        status (str | Unset): Only deliveries in these statuses (comma-separated) Example:
            failed,dead.
        event_type (str | Unset): Only deliveries of this event type (or `webhook.test`)
        since (datetime.datetime | Unset): Only deliveries created at or after this time
        until (datetime.datetime | Unset): Only deliveries created before this time
        cursor (str | Unset): The previous page's `pagination.next_cursor`: the page after it
            (with the same filters); an `offset` then skips rows after it.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListWebhookDeliveriesResponse200
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            limit=limit,
            offset=offset,
            status=status,
            event_type=event_type,
            since=since,
            until=until,
            cursor=cursor,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
