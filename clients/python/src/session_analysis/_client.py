"""The hand-written layer over the generated client (``session_analysis.generated``, from the served
OpenAPI document by openapi-python-client): credentials, the pinned API version, retries with
idempotency keys (``_transport``), the envelope unwrapped and refusals raised as :class:`ApiError`,
pagination iterators and live progress. Every operation of the document stays reachable through
:meth:`SessionAnalysis.call` with the generated module's function."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from datetime import date
from typing import Any, Self, TypeVar

import httpx

from ._errors import ApiError
from ._progress import follow, follow_async, progress_url
from ._transport import AsyncRetryTransport, RetryPolicy, RetryTransport
from .generated.api.analysis import get_session_analysis
from .generated.api.authentication import login, register
from .generated.api.billing import list_billing_history, purchase_credits
from .generated.api.sessions import cancel_session, create_session, get_session, list_sessions
from .generated.api.users import get_me
from .generated.api.webhooks import create_webhook
from .generated.api_version import API_VERSION
from .generated.client import AuthenticatedClient
from .generated.models.analysis import Analysis
from .generated.models.auth_result import AuthResult
from .generated.models.billing_history import BillingHistory
from .generated.models.cancel_session_result import CancelSessionResult
from .generated.models.create_session_request import CreateSessionRequest
from .generated.models.create_webhook_request import CreateWebhookRequest
from .generated.models.created_session import CreatedSession
from .generated.models.created_webhook import CreatedWebhook
from .generated.models.error_envelope import ErrorEnvelope
from .generated.models.list_sessions_order import ListSessionsOrder
from .generated.models.list_sessions_session_type import ListSessionsSessionType
from .generated.models.list_sessions_sort_by import ListSessionsSortBy
from .generated.models.list_sessions_status import ListSessionsStatus
from .generated.models.login_request import LoginRequest
from .generated.models.mfa_challenge import MfaChallenge
from .generated.models.purchase_request import PurchaseRequest
from .generated.models.purchase_result import PurchaseResult
from .generated.models.register_request import RegisterRequest
from .generated.models.session import Session
from .generated.models.session_list import SessionList
from .generated.models.session_list_item import SessionListItem
from .generated.models.transaction import Transaction
from .generated.models.user import User
from .generated.types import UNSET, Response, Unset

T = TypeVar("T")
B = TypeVar("B")


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


def _parsed(response: Response[ErrorEnvelope | T]) -> T:
    parsed = response.parsed
    if parsed is None or isinstance(parsed, ErrorEnvelope):
        raise ApiError(
            status=int(response.status_code),
            code="UNEXPECTED_RESPONSE",
            message=f"HTTP {int(response.status_code)} that the API's document does not describe",
            request_id=response.headers.get("x-request-id"),
        )
    return parsed


def _body(model: type[B], value: B | Mapping[str, Any]) -> B:
    """A request body as the generated model, or from a plain mapping of the document's field names."""
    if isinstance(value, Mapping):
        return model.from_dict(value)  # type: ignore[attr-defined,no-any-return]
    return value


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


def _headers(token: str | None, api_key: str | None, api_version: str | None) -> dict[str, str]:
    headers: dict[str, str] = {}
    if api_version:
        headers["X-Client-Version"] = api_version
    if api_key:
        headers["X-API-Key"] = api_key
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


class SessionAnalysis:
    """A client of the Session Analysis API.

    >>> api = SessionAnalysis("https://api.example", api_key="sak_…")  # or token="<access token>"
    >>> s = api.sessions.create({"cue": "Describe the lighthouse", "session_type": "remote_viewing"})
    >>> for event in api.sessions.follow(s.id): print(event["type"])
    >>> print(api.sessions.analysis(s.id).confidence_score)

    ``base_url`` is the deployment's origin (``/v1`` is added) or its ``…/v1`` base. Requests carry
    ``X-Client-Version: API_VERSION`` (the version this client was generated from) unless
    ``api_version=None``. Refusals raise :class:`ApiError`.
    """

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
        # unused: set_httpx_client bypasses it), so one client serves every operation.
        self.raw = AuthenticatedClient(base_url=self.base_url, token="")
        self.raw.set_httpx_client(
            httpx.Client(
                base_url=self.base_url,
                headers=self._headers,
                timeout=httpx.Timeout(timeout),
                transport=RetryTransport(transport, self._retry),
                event_hooks={"response": [_raise_for_envelope]},
            )
        )
        """The generated client, credentials and retries included: pass it to any generated operation."""
        self._options = {"api_version": api_version, "retry": retry, "timeout": timeout, "transport": transport}
        self.auth = _Auth(self)
        self.users = _Users(self)
        self.sessions = _Sessions(self)
        self.webhooks = _Webhooks(self)
        self.billing = _Billing(self)

    def with_token(self, token: str) -> SessionAnalysis:
        """The same client signed in with a bearer token (e.g. the one register or login returns)."""
        return SessionAnalysis(self.base_url, token=token, **self._options)  # type: ignore[arg-type]

    def call(self, operation: Callable[..., Response[ErrorEnvelope | T]], /, **kwargs: Any) -> T:
        """Any generated operation's ``sync_detailed``, with this client: its parsed 2xx answer.

        >>> from session_analysis.generated.api.billing import get_billing
        >>> api.call(get_billing.sync_detailed).data.credits_.remaining  # the envelope's data
        """
        return _parsed(operation(client=self.raw, **kwargs))

    def progress_headers(self) -> dict[str, str]:
        return dict(self._headers)

    def close(self) -> None:
        self.raw.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Auth:
    def __init__(self, api: SessionAnalysis) -> None:
        self._api = api

    def register(self, body: RegisterRequest | Mapping[str, Any]) -> AuthResult:
        """A new account and its first access token (``result.token``; see :meth:`SessionAnalysis.with_token`)."""
        return self._api.call(register.sync_detailed, body=_body(RegisterRequest, body)).data

    def login(self, email: str, password: str) -> AuthResult | MfaChallenge:
        """Tokens, or for an account with a second factor an ``MfaChallenge`` to answer at /auth/mfa/verify."""
        return self._api.call(login.sync_detailed, body=LoginRequest(email=email, password=password)).data


class _Users:
    def __init__(self, api: SessionAnalysis) -> None:
        self._api = api

    def me(self) -> User:
        return self._api.call(get_me.sync_detailed).data


class _Sessions:
    def __init__(self, api: SessionAnalysis) -> None:
        self._api = api

    def create(
        self, body: CreateSessionRequest | Mapping[str, Any], *, idempotency_key: str | None = None
    ) -> CreatedSession:
        """Creates and pays for a session. A retried call reuses one ``Idempotency-Key`` (one is made
        when none is given), so a session is never created or charged twice."""
        key: str | Unset = idempotency_key if idempotency_key is not None else UNSET
        return self._api.call(
            create_session.sync_detailed, body=_body(CreateSessionRequest, body), idempotency_key=key
        ).data

    def get(self, session_id: str) -> Session:
        return self._api.call(get_session.sync_detailed, session_id=session_id).data

    def cancel(self, session_id: str) -> CancelSessionResult:
        return self._api.call(cancel_session.sync_detailed, session_id=session_id)

    def analysis(self, session_id: str) -> Analysis:
        return self._api.call(get_session_analysis.sync_detailed, session_id=session_id).data

    def list(
        self,
        *,
        status: str | None = None,
        session_type: str | None = None,
        sort_by: str | None = None,
        order: str | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> SessionList:
        """One page: ``.sessions`` and ``.pagination`` (``total``, ``limit``, ``offset``, ``has_more``)."""
        return self._api.call(
            list_sessions.sync_detailed,
            status=ListSessionsStatus(status) if status else UNSET,
            session_type=ListSessionsSessionType(session_type) if session_type else UNSET,
            sort_by=ListSessionsSortBy(sort_by) if sort_by else UNSET,
            order=ListSessionsOrder(order) if order else UNSET,
            limit=limit,
            offset=offset,
        ).data

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

        def fetch(offset: int) -> tuple[list[SessionListItem], bool]:
            page = self.list(
                status=status, session_type=session_type, sort_by=sort_by, order=order, limit=page_size, offset=offset
            )
            return page.sessions, page.pagination.has_more

        return _pages(fetch)

    def follow(self, session_id: str) -> Iterator[dict[str, Any]]:
        """The session's live-progress messages (``snapshot``, ``transition``, ``stage``) as they come,
        until it ends; :class:`ProgressError` if the socket closes before."""
        return follow(progress_url(self._api.base_url, session_id), self._api.progress_headers())

    def wait(self, session_id: str) -> str:
        """Follows the session until it ends; its final status (``completed``, ``failed``, ``cancelled``)."""
        status = ""
        for message in self.follow(session_id):
            if message["type"] == "snapshot":
                status = str(message["status"])
            elif message["type"] == "transition":
                status = str(message["to"])
        return status


class _Webhooks:
    def __init__(self, api: SessionAnalysis) -> None:
        self._api = api

    def create(self, body: CreateWebhookRequest | Mapping[str, Any]) -> CreatedWebhook:
        """A webhook endpoint; ``.secret`` (shown once) verifies its deliveries (:func:`verify_webhook`)."""
        return self._api.call(create_webhook.sync_detailed, body=_body(CreateWebhookRequest, body)).data


class _Billing:
    def __init__(self, api: SessionAnalysis) -> None:
        self._api = api

    def purchase(self, body: PurchaseRequest | Mapping[str, Any]) -> PurchaseResult:
        return self._api.call(purchase_credits.sync_detailed, body=_body(PurchaseRequest, body)).data

    def history(
        self, *, start_date: date | None = None, end_date: date | None = None, limit: int = 20, offset: int = 0
    ) -> BillingHistory:
        """One page of the account's transactions: ``.transactions`` and ``.pagination``."""
        return self._api.call(
            list_billing_history.sync_detailed,
            start_date=start_date if start_date else UNSET,
            end_date=end_date if end_date else UNSET,
            limit=limit,
            offset=offset,
        ).data

    def history_all(
        self, *, start_date: date | None = None, end_date: date | None = None, page_size: int = 100
    ) -> Iterator[Transaction]:
        """Every transaction in the dates (inclusive, UTC), fetching pages as the iteration needs them."""

        def fetch(offset: int) -> tuple[list[Transaction], bool]:
            page = self.history(start_date=start_date, end_date=end_date, limit=page_size, offset=offset)
            return page.transactions, page.pagination.has_more

        return _pages(fetch)


class AsyncSessionAnalysis:
    """The asyncio client: the generated operations' ``asyncio_detailed`` with the same credentials,
    pinned version, retries, idempotency keys and :class:`ApiError`; pagination and live progress as
    async iterators."""

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
        self.raw = AuthenticatedClient(base_url=self.base_url, token="")
        self.raw.set_async_httpx_client(
            httpx.AsyncClient(
                base_url=self.base_url,
                headers=self._headers,
                timeout=httpx.Timeout(timeout),
                transport=AsyncRetryTransport(transport, retry or RetryPolicy()),
                event_hooks={"response": [_raise_for_envelope_async]},
            )
        )

    async def call(self, operation: Callable[..., Awaitable[Response[ErrorEnvelope | T]]], /, **kwargs: Any) -> T:
        """Any generated operation's ``asyncio_detailed``: its parsed 2xx answer."""
        return _parsed(await operation(client=self.raw, **kwargs))

    async def list_sessions_all(
        self,
        *,
        status: str | None = None,
        session_type: str | None = None,
        sort_by: str | None = None,
        order: str | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[SessionListItem]:
        """Every matching session, fetching pages of ``page_size`` as the iteration needs them."""
        offset = 0
        while True:
            page: SessionList = (
                await self.call(
                    list_sessions.asyncio_detailed,
                    status=ListSessionsStatus(status) if status else UNSET,
                    session_type=ListSessionsSessionType(session_type) if session_type else UNSET,
                    sort_by=ListSessionsSortBy(sort_by) if sort_by else UNSET,
                    order=ListSessionsOrder(order) if order else UNSET,
                    limit=page_size,
                    offset=offset,
                )
            ).data
            for item in page.sessions:
                yield item
            if not page.pagination.has_more or not page.sessions:
                return
            offset += len(page.sessions)

    def follow(self, session_id: str) -> AsyncIterator[dict[str, Any]]:
        return follow_async(progress_url(self.base_url, session_id), dict(self._headers))

    async def aclose(self) -> None:
        await self.raw.get_async_httpx_client().aclose()
