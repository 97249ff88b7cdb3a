"""The hand-written layer over the generated client (``session_analysis.generated``, from the served
OpenAPI document by openapi-python-client, and its resource layer ``generated.resources``, a method per
operation): credentials, the pinned API version, retries with idempotency keys (``_transport``), the
envelope unwrapped and refusals raised as :class:`ApiError`, pagination iterators and live progress."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from datetime import date
from typing import Any, Self, TypeVar

import httpx

from ._errors import ApiError
from ._progress import follow, follow_async, socket_url
from ._transport import AsyncRetryTransport, RetryPolicy, RetryTransport
from .generated.api_version import API_VERSION
from .generated.client import AuthenticatedClient
from .generated.models.error_envelope import ErrorEnvelope
from .generated.models.session_list_item import SessionListItem
from .generated.models.transaction import Transaction
from .generated.resources import AsyncResources, AsyncSessionsService, BillingService, Resources, SessionsService
from .generated.types import Response

T = TypeVar("T")


def _raise_for_envelope(response: httpx.Response) -> None:
    """Every refusal, of any operation, becomes one :class:`ApiError` before the generated parser
    sees it (which would reject an error code newer than the client's enum)."""
    if response.status_code >= 400:
        response.read()
        raise ApiError.from_response(response)


async def _raise_for_envelope_async(response: httpx.Response) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise ApiError.from_response(response)


def _unexpected(response: Response[Any]) -> ApiError:
    return ApiError(
        status=int(response.status_code),
        code="UNEXPECTED_RESPONSE",
        message=f"HTTP {int(response.status_code)} that the API's document does not describe",
        request_id=response.headers.get("x-request-id"),
    )


def _parsed(response: Response[Any], kind: type[T]) -> T:
    """The success the operation's document describes (a ``kind``), else ``UNEXPECTED_RESPONSE``."""
    if not isinstance(response.parsed, kind):
        raise _unexpected(response)
    return response.parsed


def _success(response: Response[ErrorEnvelope | T]) -> T:
    parsed = response.parsed
    if parsed is None or isinstance(parsed, ErrorEnvelope):
        raise _unexpected(response)
    return parsed


def _json_call(
    method: str,
    path: str,
    body: Mapping[str, Any] | None,
    query: Mapping[str, Any],
    headers: Mapping[str, Any],
) -> dict[str, Any]:
    """httpx's arguments for an untyped call, the parameters not given left out."""
    return {
        "method": method,
        "url": path,
        "json": body,
        "params": {k: v for k, v in query.items() if v is not None},
        "headers": {k: str(v) for k, v in headers.items() if v is not None},
    }


def _json_answer(response: httpx.Response, envelope: bool) -> Any:
    payload = response.json()
    return payload["data"] if envelope else payload


def _pages(fetch: Callable[[int], tuple[list[T], bool]]) -> Iterator[T]:
    """Every item of an offset-paged list (``limit``/``offset``, ``pagination.has_more``): ``fetch(offset)``
    is one page's items and whether more follow; pages are fetched as the iteration needs them."""
    offset = 0
    while True:
        items, has_more = fetch(offset)
        yield from items
        if not has_more or not items:
            return
        offset += len(items)


def _api_base(base_url: str) -> str:
    base = base_url.rstrip("/")
    return base if base.endswith("/v1") else f"{base}/v1"


def _origin_of(api_base: str) -> str:
    """The origin of the API's ``…/v1`` base: where the authorization server, /mcp and /.well-known are."""
    return api_base.removesuffix("/v1")


def _headers(token: str | None, api_key: str | None, api_version: str | None) -> dict[str, str]:
    headers: dict[str, str] = {}
    if api_version:
        headers["X-Client-Version"] = api_version
    if api_key:
        headers["X-API-Key"] = api_key
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


class SessionAnalysis(Resources):
    """A client of the Session Analysis API: a method per operation of the document, grouped by resource.

    >>> api = SessionAnalysis("https://api.example", api_key="sak_…")  # or token="<access token>"
    >>> s = api.sessions.create({"cue": "Describe the lighthouse", "session_type": "remote_viewing"})
    >>> for event in api.sessions.follow(s.id): print(event["type"])
    >>> print(api.analysis.get(s.id).confidence_score)
    >>> api.webhooks.list(); api.api_keys.create({"name": "ci", "scopes": ["profile"]})

    ``base_url`` is the deployment's origin (``/v1`` is added) or its ``…/v1`` base. Requests carry
    ``X-Client-Version: API_VERSION`` (the version this client was generated from) unless
    ``api_version=None``. Methods return the envelope's ``data``; refusals raise :class:`ApiError`.
    """

    sessions: _Sessions
    billing: _Billing

    def __init__(
        self,
        base_url: str,
        *,
        token: str | None = None,
        api_key: str | None = None,
        api_version: str | None = API_VERSION,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = _api_base(base_url)
        self.token = token
        """The bearer token this client sends, if any."""
        self._headers = _headers(token, api_key, api_version)
        self._retry = retry or RetryPolicy()

        # The credentials are the httpx client's headers (the generated client's own token field is
        # unused: set_httpx_client bypasses it), so one client serves every operation of its base.
        def generated(base: str) -> AuthenticatedClient:
            client = AuthenticatedClient(base_url=base, token="")
            client.set_httpx_client(
                httpx.Client(
                    base_url=base,
                    headers=self._headers,
                    timeout=httpx.Timeout(timeout),
                    transport=RetryTransport(transport, self._retry),
                    event_hooks={"response": [_raise_for_envelope]},
                )
            )
            return client

        self.raw = generated(self.base_url)
        """The generated client, credentials and retries included: pass it to any generated operation."""
        self._origin = generated(_origin_of(self.base_url))
        self._options = {"api_version": api_version, "retry": retry, "timeout": timeout, "transport": transport}
        super().__init__(self)
        self.sessions = _Sessions(self)
        self.billing = _Billing(self)

    def with_token(self, token: str) -> SessionAnalysis:
        """The same client signed in with a bearer token (e.g. the one register or login returns)."""
        return SessionAnalysis(self.base_url, token=token, **self._options)  # type: ignore[arg-type]

    def call(self, operation: Callable[..., Response[ErrorEnvelope | T]], /, **kwargs: Any) -> T:
        """Any generated operation's ``sync_detailed``, with this client: its parsed 2xx answer.

        >>> from session_analysis.generated.api.billing import get_billing
        >>> api.call(get_billing.sync_detailed).data.credits_.remaining  # the envelope's data
        """
        return _success(operation(client=self.raw, **kwargs))

    def call_as(self, kind: type[T], operation: Callable[..., Response[Any]], /, **kwargs: Any) -> T:
        """A generated operation's ``sync_detailed`` whose success is a ``kind`` (what the resources call)."""
        return _parsed(operation(client=self.raw, **kwargs), kind)

    def call_raw(self, operation: Callable[..., Response[Any]], /, **kwargs: Any) -> Response[Any]:
        """A generated operation's ``sync_detailed`` answered by something other than JSON: the response itself."""
        return operation(client=self.raw, **kwargs)

    def call_as_at_origin(self, kind: type[T], operation: Callable[..., Response[Any]], /, **kwargs: Any) -> T:
        """As :meth:`call_as`, for an operation served at the origin (the authorization server, /mcp, /.well-known)."""
        return _parsed(operation(client=self._origin, **kwargs), kind)

    def call_raw_at_origin(self, operation: Callable[..., Response[Any]], /, **kwargs: Any) -> Response[Any]:
        return operation(client=self._origin, **kwargs)

    def open_progress(self, path: str) -> Iterator[dict[str, Any]]:
        """The live-progress messages of the WebSocket at ``path`` (e.g. ``/ws/{session_id}``), until it ends."""
        return follow(socket_url(self.base_url, path), dict(self._headers))

    def call_json(
        self,
        method: str,
        path: str,
        *,
        body: Mapping[str, Any] | None,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        envelope: bool,
        at_origin: bool,
    ) -> Any:
        """An operation without a generated module: JSON in, the JSON answer (or the envelope's data) out."""
        client = (self._origin if at_origin else self.raw).get_httpx_client()
        return _json_answer(client.request(**_json_call(method, path, body, query, headers)), envelope)

    def close(self) -> None:
        self.raw.get_httpx_client().close()
        self._origin.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Sessions(SessionsService):
    """Sessions, with what the document cannot say: following one's progress, and every page of the list."""

    def __init__(self, api: SessionAnalysis) -> None:
        super().__init__(api)
        self._client = api

    def list_all(
        self,
        *,
        status: str | None = None,
        session_type: str | None = None,
        sort_by: str | None = None,
        order: str | None = None,
        page_size: int = 100,
    ) -> Iterator[SessionListItem]:
        """Every matching session, fetching pages of ``page_size`` as the iteration needs them."""
        filters: dict[str, Any] = {"status": status, "session_type": session_type, "sort_by": sort_by, "order": order}
        given = {k: v for k, v in filters.items() if v is not None}

        def fetch(offset: int) -> tuple[list[SessionListItem], bool]:
            page = self.list(limit=page_size, offset=offset, **given)
            return page.sessions, page.pagination.has_more

        return _pages(fetch)

    def follow(self, session_id: str) -> Iterator[dict[str, Any]]:
        """The session's live-progress messages (``snapshot``, ``transition``, ``stage``) as they come,
        until it ends; :class:`ProgressError` if the socket closes before."""
        return self._client.progress.connect(session_id)

    def wait(self, session_id: str) -> str:
        """Follows the session until it ends; its final status (``completed``, ``failed``, ``cancelled``)."""
        status = ""
        for message in self.follow(session_id):
            if message["type"] == "snapshot":
                status = str(message["status"])
            elif message["type"] == "transition":
                status = str(message["to"])
        return status


class _Billing(BillingService):
    """Billing, with every page of the transaction history."""

    def history_all(
        self, *, start_date: date | None = None, end_date: date | None = None, page_size: int = 100
    ) -> Iterator[Transaction]:
        """Every transaction in the dates (inclusive, UTC), fetching pages as the iteration needs them."""
        dates: dict[str, Any] = {"start_date": start_date, "end_date": end_date}
        given = {k: v for k, v in dates.items() if v is not None}

        def fetch(offset: int) -> tuple[list[Transaction], bool]:
            page = self.list_history(limit=page_size, offset=offset, **given)
            return page.transactions, page.pagination.has_more

        return _pages(fetch)


class AsyncSessionAnalysis(AsyncResources):
    """The asyncio client: the same methods (``await api.webhooks.list()``), credentials, pinned version,
    retries, idempotency keys and :class:`ApiError`; pagination and live progress as async iterators."""

    sessions: _AsyncSessions

    def __init__(
        self,
        base_url: str,
        *,
        token: str | None = None,
        api_key: str | None = None,
        api_version: str | None = API_VERSION,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = _api_base(base_url)
        self._headers = _headers(token, api_key, api_version)

        def generated(base: str) -> AuthenticatedClient:
            client = AuthenticatedClient(base_url=base, token="")
            client.set_async_httpx_client(
                httpx.AsyncClient(
                    base_url=base,
                    headers=self._headers,
                    timeout=httpx.Timeout(timeout),
                    transport=AsyncRetryTransport(transport, retry or RetryPolicy()),
                    event_hooks={"response": [_raise_for_envelope_async]},
                )
            )
            return client

        self.raw = generated(self.base_url)
        self._origin = generated(_origin_of(self.base_url))
        super().__init__(self)
        self.sessions = _AsyncSessions(self)

    async def call(self, operation: Callable[..., Awaitable[Response[ErrorEnvelope | T]]], /, **kwargs: Any) -> T:
        """Any generated operation's ``asyncio_detailed``: its parsed 2xx answer."""
        return _success(await operation(client=self.raw, **kwargs))

    async def call_as(self, kind: type[T], operation: Callable[..., Any], /, **kwargs: Any) -> T:
        return _parsed(await operation(client=self.raw, **kwargs), kind)

    async def call_raw(self, operation: Callable[..., Any], /, **kwargs: Any) -> Response[Any]:
        response: Response[Any] = await operation(client=self.raw, **kwargs)
        return response

    async def call_as_at_origin(self, kind: type[T], operation: Callable[..., Any], /, **kwargs: Any) -> T:
        return _parsed(await operation(client=self._origin, **kwargs), kind)

    async def call_raw_at_origin(self, operation: Callable[..., Any], /, **kwargs: Any) -> Response[Any]:
        response: Response[Any] = await operation(client=self._origin, **kwargs)
        return response

    def open_progress(self, path: str) -> AsyncIterator[dict[str, Any]]:
        return follow_async(socket_url(self.base_url, path), dict(self._headers))

    async def call_json(
        self,
        method: str,
        path: str,
        *,
        body: Mapping[str, Any] | None,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        envelope: bool,
        at_origin: bool,
    ) -> Any:
        client = (self._origin if at_origin else self.raw).get_async_httpx_client()
        return _json_answer(await client.request(**_json_call(method, path, body, query, headers)), envelope)

    async def aclose(self) -> None:
        await self.raw.get_async_httpx_client().aclose()
        await self._origin.get_async_httpx_client().aclose()


class _AsyncSessions(AsyncSessionsService):
    """Sessions (asyncio), with every page of the list and live progress."""

    def __init__(self, api: AsyncSessionAnalysis) -> None:
        super().__init__(api)
        self._client = api

    async def list_all(
        self,
        *,
        status: str | None = None,
        session_type: str | None = None,
        sort_by: str | None = None,
        order: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[SessionListItem]:
        """Every matching session, fetching pages of ``page_size`` as the iteration needs them."""
        filters: dict[str, Any] = {"status": status, "session_type": session_type, "sort_by": sort_by, "order": order}
        given = {k: v for k, v in filters.items() if v is not None}
        offset = 0
        while True:
            page = await self.list(limit=page_size, offset=offset, **given)
            for item in page.sessions:
                yield item
            if not page.pagination.has_more or not page.sessions:
                return
            offset += len(page.sessions)

    def follow(self, session_id: str) -> AsyncIterator[dict[str, Any]]:
        return self._client.progress.connect(session_id)
