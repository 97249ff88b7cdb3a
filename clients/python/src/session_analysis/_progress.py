"""A session's live progress over its WebSocket (``websocket_url``, ``GET /v1/ws/{session_id}``),
with the maintained ``websockets`` library. Messages are JSON: a ``snapshot`` first, then a
``transition`` per status change and a ``stage`` per finished stage, each with ``seq`` one higher;
after the terminal transition the server closes with 1000 (an ended session: its snapshot, then
1000). Any other close (1008 when the credential's access ended) raises :class:`ProgressError`."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
from websockets.asyncio.client import connect as async_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from ._errors import ApiError, ProgressError

TERMINAL = frozenset({"completed", "failed", "cancelled"})


def socket_url(api_base: str, path: str) -> str:
    """``ws(s)://…/v1<path>`` from the API's base (``…/v1``) and an operation's path (``/ws/{id}``)."""
    scheme, rest = api_base.split("://", 1)
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest.rstrip('/')}{path}"


def _status_of(message: dict[str, Any], current: str | None) -> str | None:
    if message.get("type") == "snapshot":
        return str(message.get("status"))
    if message.get("type") == "transition":
        return str(message.get("to"))
    return current


def _closed(code: int | None, reason: str, status: str | None) -> None:
    if code != 1000 or status not in TERMINAL:
        raise ProgressError(code, reason or f"closed while the session was {status}")


def _refused(err: InvalidStatus) -> ApiError:
    """The refused upgrade's envelope (401, 403, 404 …) as the one error type."""
    response = err.response
    return ApiError.from_response(
        httpx.Response(
            response.status_code, headers=list(response.headers.raw_items()), content=bytes(response.body or b"")
        )
    )


def follow(url: str, headers: dict[str, str]) -> Iterator[dict[str, Any]]:
    status: str | None = None
    try:
        ws = connect(url, additional_headers=headers)
    except InvalidStatus as err:
        raise _refused(err) from err
    with ws:
        try:
            for frame in ws:
                message: dict[str, Any] = json.loads(frame)
                status = _status_of(message, status)
                yield message
        except ConnectionClosed as closed:
            rcvd = closed.rcvd
            _closed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "", status)
            return
        rcvd = ws.protocol.close_rcvd
        _closed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "", status)


async def follow_async(url: str, headers: dict[str, str]) -> AsyncIterator[dict[str, Any]]:
    status: str | None = None
    try:
        ws = await async_connect(url, additional_headers=headers)
    except InvalidStatus as err:
        raise _refused(err) from err
    async with ws:
        try:
            async for frame in ws:
                message: dict[str, Any] = json.loads(frame)
                status = _status_of(message, status)
                yield message
        except ConnectionClosed as closed:
            rcvd = closed.rcvd
            _closed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "", status)
            return
        rcvd = ws.protocol.close_rcvd
        _closed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "", status)
