"""The one exception type of the API's refusals, and the client's own errors."""

from __future__ import annotations

import json
from typing import Any

import httpx


class SessionAnalysisError(Exception):
    """Base of every error this package raises."""


class ApiError(SessionAnalysisError):
    """A call the API refused: the envelope's ``error`` (``{code, message, details, timestamp,
    request_id}``) and the HTTP status. ``code`` is the catalogue's (e.g. ``SESSION_NOT_FOUND``,
    ``INSUFFICIENT_CREDITS``); quote ``request_id`` to support."""

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        request_id: str | None = None,
        timestamp: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" (request {request_id})" if request_id else ""))
        self.status = status
        self.code = code
        self.message = message
        self.details: dict[str, Any] = details or {}
        self.request_id = request_id
        self.timestamp = timestamp

    @classmethod
    def from_response(cls, response: httpx.Response) -> ApiError:
        """The envelope's error of a 4xx/5xx answer; a body that is no envelope (a proxy's page) keeps
        the status with code ``UNEXPECTED_RESPONSE``."""
        request_id = response.headers.get("x-request-id")
        try:
            body = json.loads(response.content)
        except ValueError:
            body = None
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict) or not isinstance(error.get("code"), str):
            return cls(
                status=response.status_code,
                code="UNEXPECTED_RESPONSE",
                message=f"HTTP {response.status_code} without the API's error envelope",
                request_id=request_id,
            )
        details = error.get("details")
        return cls(
            status=response.status_code,
            code=error["code"],
            message=str(error.get("message", "")),
            details=details if isinstance(details, dict) else {},
            request_id=str(error.get("request_id") or request_id or "") or None,
            timestamp=error.get("timestamp") if isinstance(error.get("timestamp"), str) else None,
        )


class WebhookVerificationError(SessionAnalysisError):
    """A webhook delivery whose Standard Webhooks signature or timestamp does not verify."""


class ProgressError(SessionAnalysisError):
    """The live-progress socket closed before the session ended (e.g. 1008: access ended)."""

    def __init__(self, code: int | None, reason: str) -> None:
        super().__init__(f"progress socket closed ({code}): {reason}")
        self.code = code
        self.reason = reason
