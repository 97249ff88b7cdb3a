"""Standard Webhooks signature verification (https://www.standardwebhooks.com, spec "Verifying
webhook authenticity"): ``webhook-signature`` holds space-separated ``v1,<base64 HMAC-SHA256>`` of
``{webhook-id}.{webhook-timestamp}.{body}`` under the secret (``whsec_`` + base64 of its bytes), and
the timestamp must be within the tolerance of now (replay protection)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from ._errors import WebhookVerificationError

DEFAULT_TOLERANCE_SECONDS = 300


def _secret_bytes(secret: str) -> bytes:
    raw = secret.removeprefix("whsec_")
    try:
        return base64.b64decode(raw, validate=True)
    except binascii.Error as err:
        raise WebhookVerificationError("the webhook secret is not whsec_ followed by base64") from err


def sign_webhook(secret: str, msg_id: str, timestamp: int, body: bytes | str) -> str:
    """The ``v1,<signature>`` of one delivery (what the service sends; useful to test a receiver)."""
    payload = body.encode() if isinstance(body, str) else body
    mac = hmac.new(_secret_bytes(secret), f"{msg_id}.{timestamp}.".encode() + payload, hashlib.sha256)
    return "v1," + base64.b64encode(mac.digest()).decode()


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    body: bytes | str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> Any:
    """The delivery's JSON payload once its signature verifies under ``secret`` (the webhook's, shown
    once at creation); else :class:`WebhookVerificationError`. ``body`` must be the raw bytes received."""
    lowered = {k.lower(): v for k, v in headers.items()}
    msg_id = lowered.get("webhook-id")
    stamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not msg_id or not stamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    try:
        timestamp = int(stamp)
    except ValueError as err:
        raise WebhookVerificationError("webhook-timestamp is not an integer") from err
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise WebhookVerificationError("webhook-timestamp is outside the tolerance")
    expected = sign_webhook(secret, msg_id, timestamp, body).split(",", 1)[1]
    for candidate in signatures.split(" "):
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return json.loads(body)
    raise WebhookVerificationError("no webhook-signature matches")
