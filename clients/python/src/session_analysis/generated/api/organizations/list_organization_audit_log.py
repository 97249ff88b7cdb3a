import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.list_organization_audit_log_response_200 import (
    ListOrganizationAuditLogResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    organization_id: str,
    *,
    action: str | Unset = UNSET,
    actor_id: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
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

    params["action"] = action

    params["actor_id"] = actor_id

    params["target_id"] = target_id

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/organizations/{organization_id}/audit-log".format(
            organization_id=quote(str(organization_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ListOrganizationAuditLogResponse200 | None:
    if response.status_code == 200:
        response_200 = ListOrganizationAuditLogResponse200.from_dict(response.json())

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
) -> Response[ErrorEnvelope | ListOrganizationAuditLogResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    organization_id: str,
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor_id: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListOrganizationAuditLogResponse200]:
    """The organization's audit log, newest first (admins)

     Every change in the organization (the organization itself, members, roles, ownership, invitations,
    API keys, webhooks, sessions, purchases, plan and payment changes, SSO settings), each with its
    actor and credential, target, `before`/`after` of the changed fields where meaningful, the request's
    `request_id` and client IP (`CF-Connecting-IP`), and time. Filter by `action`, `actor_id`,
    `target_id` and the inclusive `since`/`until`; page with `limit`/`offset`. Append-only: an entry
    commits in the same transaction as its change; PUT, PATCH, POST and DELETE here answer 405, and the
    database refuses edits.

    Args:
        organization_id (str):  Example: org_1763776000000123456.
        action (str | Unset):
        actor_id (str | Unset):
        target_id (str | Unset):
        since (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        until (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListOrganizationAuditLogResponse200]
    """

    kwargs = _get_kwargs(
        organization_id=organization_id,
        action=action,
        actor_id=actor_id,
        target_id=target_id,
        since=since,
        until=until,
        limit=limit,
        offset=offset,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    organization_id: str,
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor_id: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListOrganizationAuditLogResponse200 | None:
    """The organization's audit log, newest first (admins)

     Every change in the organization (the organization itself, members, roles, ownership, invitations,
    API keys, webhooks, sessions, purchases, plan and payment changes, SSO settings), each with its
    actor and credential, target, `before`/`after` of the changed fields where meaningful, the request's
    `request_id` and client IP (`CF-Connecting-IP`), and time. Filter by `action`, `actor_id`,
    `target_id` and the inclusive `since`/`until`; page with `limit`/`offset`. Append-only: an entry
    commits in the same transaction as its change; PUT, PATCH, POST and DELETE here answer 405, and the
    database refuses edits.

    Args:
        organization_id (str):  Example: org_1763776000000123456.
        action (str | Unset):
        actor_id (str | Unset):
        target_id (str | Unset):
        since (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        until (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListOrganizationAuditLogResponse200
    """

    return sync_detailed(
        organization_id=organization_id,
        client=client,
        action=action,
        actor_id=actor_id,
        target_id=target_id,
        since=since,
        until=until,
        limit=limit,
        offset=offset,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    organization_id: str,
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor_id: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | ListOrganizationAuditLogResponse200]:
    """The organization's audit log, newest first (admins)

     Every change in the organization (the organization itself, members, roles, ownership, invitations,
    API keys, webhooks, sessions, purchases, plan and payment changes, SSO settings), each with its
    actor and credential, target, `before`/`after` of the changed fields where meaningful, the request's
    `request_id` and client IP (`CF-Connecting-IP`), and time. Filter by `action`, `actor_id`,
    `target_id` and the inclusive `since`/`until`; page with `limit`/`offset`. Append-only: an entry
    commits in the same transaction as its change; PUT, PATCH, POST and DELETE here answer 405, and the
    database refuses edits.

    Args:
        organization_id (str):  Example: org_1763776000000123456.
        action (str | Unset):
        actor_id (str | Unset):
        target_id (str | Unset):
        since (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        until (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ListOrganizationAuditLogResponse200]
    """

    kwargs = _get_kwargs(
        organization_id=organization_id,
        action=action,
        actor_id=actor_id,
        target_id=target_id,
        since=since,
        until=until,
        limit=limit,
        offset=offset,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    organization_id: str,
    *,
    client: AuthenticatedClient,
    action: str | Unset = UNSET,
    actor_id: str | Unset = UNSET,
    target_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    offset: int | Unset = 0,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | ListOrganizationAuditLogResponse200 | None:
    """The organization's audit log, newest first (admins)

     Every change in the organization (the organization itself, members, roles, ownership, invitations,
    API keys, webhooks, sessions, purchases, plan and payment changes, SSO settings), each with its
    actor and credential, target, `before`/`after` of the changed fields where meaningful, the request's
    `request_id` and client IP (`CF-Connecting-IP`), and time. Filter by `action`, `actor_id`,
    `target_id` and the inclusive `since`/`until`; page with `limit`/`offset`. Append-only: an entry
    commits in the same transaction as its change; PUT, PATCH, POST and DELETE here answer 405, and the
    database refuses edits.

    Args:
        organization_id (str):  Example: org_1763776000000123456.
        action (str | Unset):
        actor_id (str | Unset):
        target_id (str | Unset):
        since (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        until (datetime.datetime | Unset): Inclusive, RFC 3339 (any offset)
        limit (int | Unset):  Default: 20.
        offset (int | Unset):  Default: 0.
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ListOrganizationAuditLogResponse200
    """

    return (
        await asyncio_detailed(
            organization_id=organization_id,
            client=client,
            action=action,
            actor_id=actor_id,
            target_id=target_id,
            since=since,
            until=until,
            limit=limit,
            offset=offset,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
