import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.export_sessions_format import ExportSessionsFormat
from ...models.export_sessions_session_type import ExportSessionsSessionType
from ...models.export_sessions_status import ExportSessionsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    format_: ExportSessionsFormat | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    status: ExportSessionsStatus | Unset = UNSET,
    session_type: ExportSessionsSessionType | Unset = UNSET,
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

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    json_start_date: str | Unset = UNSET
    if not isinstance(start_date, Unset):
        json_start_date = start_date.isoformat()
    params["start_date"] = json_start_date

    json_end_date: str | Unset = UNSET
    if not isinstance(end_date, Unset):
        json_end_date = end_date.isoformat()
    params["end_date"] = json_end_date

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_session_type: str | Unset = UNSET
    if not isinstance(session_type, Unset):
        json_session_type = session_type.value

    params["session_type"] = json_session_type

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/exports/sessions",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[ErrorEnvelope | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    format_: ExportSessionsFormat | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    status: ExportSessionsStatus | Unset = UNSET,
    session_type: ExportSessionsSessionType | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """Export the listed sessions with their results (CSV or NDJSON)

     The sessions GET /sessions lists in the same context: the caller's personal sessions, or with
    X-Organization-Id (or an organization API key) the organization's. All families (`analytics:export`
    is the permission), oldest first, with the list's `status` and `session_type` filters and created_at
    dates. Streamed page by page.

    Args:
        format_ (ExportSessionsFormat | Unset): `csv` (RFC 4180, header line, CRLF) or `ndjson`
            (one JSON object per line). Without it, an Accept header naming application/x-ndjson
            selects NDJSON; anything else gets CSV.
        start_date (datetime.date | Unset): created_at on or after this UTC date (inclusive)
        end_date (datetime.date | Unset): created_at on or before this UTC date (inclusive)
        status (ExportSessionsStatus | Unset):
        session_type (ExportSessionsSessionType | Unset):
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        start_date=start_date,
        end_date=end_date,
        status=status,
        session_type=session_type,
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
    format_: ExportSessionsFormat | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    status: ExportSessionsStatus | Unset = UNSET,
    session_type: ExportSessionsSessionType | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """Export the listed sessions with their results (CSV or NDJSON)

     The sessions GET /sessions lists in the same context: the caller's personal sessions, or with
    X-Organization-Id (or an organization API key) the organization's. All families (`analytics:export`
    is the permission), oldest first, with the list's `status` and `session_type` filters and created_at
    dates. Streamed page by page.

    Args:
        format_ (ExportSessionsFormat | Unset): `csv` (RFC 4180, header line, CRLF) or `ndjson`
            (one JSON object per line). Without it, an Accept header naming application/x-ndjson
            selects NDJSON; anything else gets CSV.
        start_date (datetime.date | Unset): created_at on or after this UTC date (inclusive)
        end_date (datetime.date | Unset): created_at on or before this UTC date (inclusive)
        status (ExportSessionsStatus | Unset):
        session_type (ExportSessionsSessionType | Unset):
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return sync_detailed(
        client=client,
        format_=format_,
        start_date=start_date,
        end_date=end_date,
        status=status,
        session_type=session_type,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    format_: ExportSessionsFormat | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    status: ExportSessionsStatus | Unset = UNSET,
    session_type: ExportSessionsSessionType | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """Export the listed sessions with their results (CSV or NDJSON)

     The sessions GET /sessions lists in the same context: the caller's personal sessions, or with
    X-Organization-Id (or an organization API key) the organization's. All families (`analytics:export`
    is the permission), oldest first, with the list's `status` and `session_type` filters and created_at
    dates. Streamed page by page.

    Args:
        format_ (ExportSessionsFormat | Unset): `csv` (RFC 4180, header line, CRLF) or `ndjson`
            (one JSON object per line). Without it, an Accept header naming application/x-ndjson
            selects NDJSON; anything else gets CSV.
        start_date (datetime.date | Unset): created_at on or after this UTC date (inclusive)
        end_date (datetime.date | Unset): created_at on or before this UTC date (inclusive)
        status (ExportSessionsStatus | Unset):
        session_type (ExportSessionsSessionType | Unset):
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        start_date=start_date,
        end_date=end_date,
        status=status,
        session_type=session_type,
        x_organization_id=x_organization_id,
        x_client_version=x_client_version,
        x_d1_bookmark=x_d1_bookmark,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    format_: ExportSessionsFormat | Unset = UNSET,
    start_date: datetime.date | Unset = UNSET,
    end_date: datetime.date | Unset = UNSET,
    status: ExportSessionsStatus | Unset = UNSET,
    session_type: ExportSessionsSessionType | Unset = UNSET,
    x_organization_id: str | Unset = UNSET,
    x_client_version: str | Unset = UNSET,
    x_d1_bookmark: str | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """Export the listed sessions with their results (CSV or NDJSON)

     The sessions GET /sessions lists in the same context: the caller's personal sessions, or with
    X-Organization-Id (or an organization API key) the organization's. All families (`analytics:export`
    is the permission), oldest first, with the list's `status` and `session_type` filters and created_at
    dates. Streamed page by page.

    Args:
        format_ (ExportSessionsFormat | Unset): `csv` (RFC 4180, header line, CRLF) or `ndjson`
            (one JSON object per line). Without it, an Accept header naming application/x-ndjson
            selects NDJSON; anything else gets CSV.
        start_date (datetime.date | Unset): created_at on or after this UTC date (inclusive)
        end_date (datetime.date | Unset): created_at on or before this UTC date (inclusive)
        status (ExportSessionsStatus | Unset):
        session_type (ExportSessionsSessionType | Unset):
        x_organization_id (str | Unset):
        x_client_version (str | Unset):
        x_d1_bookmark (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            client=client,
            format_=format_,
            start_date=start_date,
            end_date=end_date,
            status=status,
            session_type=session_type,
            x_organization_id=x_organization_id,
            x_client_version=x_client_version,
            x_d1_bookmark=x_d1_bookmark,
        )
    ).parsed
