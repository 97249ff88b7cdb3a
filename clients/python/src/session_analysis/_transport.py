"""Retries and idempotency keys, below the generated client: an httpx transport wrapping the real one.

- Every POST without an ``Idempotency-Key`` gets one (a UUID), kept across its retries: the API
  replays the first outcome of a retried POST instead of doing the work twice (draft-ietf-httpapi-
  idempotency-key-header; the service's routes that create or charge honour it).
- 429 (rate limit) and 409 ``IDEMPOTENCY_KEY_IN_USE`` (the first attempt still running), 502, 503,
  504 and connection failures are retried up to ``max_retries`` times, waiting what ``Retry-After``
  says (seconds or an HTTP date, RFC 9110 §10.2.3) or else an exponential backoff, capped at
  ``max_wait``.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import httpx

RETRY_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 3
    """Attempts after the first."""
    backoff: float = 0.5
    """The first wait without Retry-After, in seconds; doubled per attempt."""
    max_wait: float = 60.0
    """No single wait is longer (a Retry-After past it is cut to it)."""


def _key_in_use(response: httpx.Response) -> bool:
    if response.status_code != 409:
        return False
    response.read()
    return b"IDEMPOTENCY_KEY_IN_USE" in response.content


def _retryable(response: httpx.Response) -> bool:
    return response.status_code in RETRY_STATUSES or _key_in_use(response)


def retry_delay(response: httpx.Response | None, attempt: int, policy: RetryPolicy, now: float | None = None) -> float:
    """Seconds to wait before attempt ``attempt + 1``: Retry-After when the answer has one, else backoff."""
    value = response.headers.get("retry-after") if response is not None else None
    delay: float = policy.backoff * (2.0**attempt)
    if value is not None:
        value = value.strip()
        if value.isdigit():
            delay = float(value)
        else:
            try:
                when: float = email.utils.parsedate_to_datetime(value).timestamp()
                delay = max(0.0, when - (time.time() if now is None else now))
            except (TypeError, ValueError):
                pass
    return min(delay, policy.max_wait)


def _with_idempotency_key(request: httpx.Request) -> None:
    if request.method == "POST" and "idempotency-key" not in request.headers:
        request.headers["Idempotency-Key"] = str(uuid.uuid4())


class RetryTransport(httpx.BaseTransport):
    def __init__(
        self,
        inner: httpx.BaseTransport | None = None,
        policy: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._inner = inner or httpx.HTTPTransport()
        self._policy = policy or RetryPolicy()
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        _with_idempotency_key(request)
        attempt = 0
        while True:
            try:
                response = self._inner.handle_request(request)
            except (httpx.ConnectError, httpx.RemoteProtocolError):
                if attempt >= self._policy.max_retries:
                    raise
                self._sleep(retry_delay(None, attempt, self._policy))
                attempt += 1
                continue
            if attempt >= self._policy.max_retries or not _retryable(response):
                return response
            delay = retry_delay(response, attempt, self._policy)
            response.close()
            self._sleep(delay)
            attempt += 1

    def close(self) -> None:
        self._inner.close()


class AsyncRetryTransport(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport | None = None, policy: RetryPolicy | None = None) -> None:
        self._inner = inner or httpx.AsyncHTTPTransport()
        self._policy = policy or RetryPolicy()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        _with_idempotency_key(request)
        attempt = 0
        while True:
            try:
                response = await self._inner.handle_async_request(request)
            except (httpx.ConnectError, httpx.RemoteProtocolError):
                if attempt >= self._policy.max_retries:
                    raise
                await asyncio.sleep(retry_delay(None, attempt, self._policy))
                attempt += 1
                continue
            if response.status_code == 409:
                await response.aread()
            if attempt >= self._policy.max_retries or not _retryable(response):
                return response
            delay = retry_delay(response, attempt, self._policy)
            await response.aclose()
            await asyncio.sleep(delay)
            attempt += 1

    async def aclose(self) -> None:
        await self._inner.aclose()
