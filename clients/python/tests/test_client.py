"""The Python client against a real `wrangler dev` (conftest.py): what a developer using it relies on."""

from __future__ import annotations

import asyncio
import json
import time
import uuid

import httpx
import pytest

from session_analysis import (
    API_VERSION,
    ApiError,
    AsyncSessionAnalysis,
    RetryPolicy,
    RetryTransport,
    SessionAnalysis,
    WebhookVerificationError,
    verify_webhook,
)
from session_analysis.generated.api.billing import get_billing
from session_analysis.generated.models.list_sessions_status import ListSessionsStatus

from .conftest import Receiver

LIGHTHOUSE = {"cue": "Describe the lighthouse", "session_type": "remote_viewing", "parameters": {"duration": 60}}


def test_register_create_follow_and_read_the_analysis(api: SessionAnalysis) -> None:
    me = api.users.get_me()
    created = api.sessions.create(LIGHTHOUSE)
    assert created.status.value == "pending"
    assert created.websocket_url.endswith(f"/v1/ws/{created.id}")

    messages = list(api.sessions.follow(created.id))
    assert messages[0]["type"] == "snapshot"
    assert [m["seq"] for m in messages[1:]] == list(range(messages[0]["seq"] + 1, messages[0]["seq"] + len(messages)))
    assert messages[-1]["type"] == "transition"
    assert messages[-1]["to"] == "completed"
    # Every stage once, whether it finished before the socket opened (the snapshot's history) or after.
    seen = [h["stage"] for h in messages[0]["history"]] + [m["stage"] for m in messages if m["type"] == "stage"]
    assert seen == ["initial_processing", "deep_analysis", "final_validation"]

    session = api.sessions.get(created.id)
    assert session.status.value == "completed"
    analysis = api.analysis.get(created.id)
    assert analysis.session_id == created.id
    assert analysis.confidence_score is not None
    assert 0 <= analysis.confidence_score <= 1
    assert api.users.get_me().credits_ == me.credits_ - created.credits_required
    # Following an ended session: its snapshot, then the server's normal close.
    assert api.sessions.wait(created.id) == "completed"


def test_list_all_pages_through_every_session(server_url: str, api: SessionAnalysis) -> None:
    ids = [api.sessions.create({**LIGHTHOUSE, "session_type": "dowsing"}).id for _ in range(5)]
    page = api.sessions.list(limit=2)
    assert page.pagination.total == 5
    assert page.pagination.has_more is True

    requests: list[httpx.Request] = []

    class Counting(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            requests.append(request)
            return super().handle_request(request)

    with SessionAnalysis(server_url, token=api.token, transport=Counting()) as counted:
        listed = [s.id for s in counted.sessions.list_all(page_size=2, sort_by="created_at", order="asc")]
    assert listed == ids
    assert [r.url.params["offset"] for r in requests] == ["0", "2", "4"]


def test_history_all_pages_through_every_transaction(server_url: str, api: SessionAnalysis) -> None:
    api.billing.purchase_credits({"credit_package": "starter", "payment_method_id": "pm_card_visa"})
    whole = api.billing.list_history(limit=100)
    assert whole.pagination.total >= 2

    pages: list[httpx.Request] = []

    class Counting(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            pages.append(request)
            return super().handle_request(request)

    with SessionAnalysis(server_url, token=api.token, transport=Counting()) as counted:
        listed = [t.id for t in counted.billing.history_all(page_size=1)]
    assert listed == [t.id for t in whole.transactions]
    assert len(pages) == whole.pagination.total


def test_a_refusal_is_one_exception_with_the_catalogue_code(api: SessionAnalysis) -> None:
    with pytest.raises(ApiError) as missing:
        api.sessions.get("ses_404")
    assert missing.value.status == 404
    assert missing.value.code == "SESSION_NOT_FOUND"
    assert missing.value.request_id is not None and missing.value.request_id.startswith("req_")

    with pytest.raises(ApiError) as invalid:
        api.sessions.create({**LIGHTHOUSE, "cue": ""})
    assert invalid.value.status in (400, 422)
    assert invalid.value.details["field"] == "cue"

    with pytest.raises(ApiError) as unknown_socket:
        list(api.sessions.follow("ses_404"))
    assert (unknown_socket.value.status, unknown_socket.value.code) == (404, "SESSION_NOT_FOUND")

    with pytest.raises(ApiError) as unauthenticated:
        SessionAnalysis(api.base_url, token="not-a-token").users.get_me()
    assert (unauthenticated.value.status, unauthenticated.value.code) == (401, "TOKEN_INVALID")


def test_a_lost_answer_is_retried_with_the_same_idempotency_key_and_charged_once(
    server_url: str, api: SessionAnalysis
) -> None:
    """The first POST reaches the service, which creates and charges the session, but its answer is
    lost on the way back; the retry carries the same automatic Idempotency-Key and gets the first
    answer replayed: one session, one charge."""
    sent: list[httpx.Request] = []

    class LoseFirstAnswer(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            sent.append(request)
            response = super().handle_request(request)
            if len(sent) == 1:
                response.read()
                raise httpx.RemoteProtocolError("connection reset before the answer", request=request)
            return response

    before = api.users.get_me().credits_
    token = api.token
    with SessionAnalysis(server_url, token=token, transport=LoseFirstAnswer(), retry=RetryPolicy(backoff=0.05)) as c:
        created = c.sessions.create(LIGHTHOUSE)
    assert len(sent) == 2
    assert sent[0].headers["idempotency-key"] == sent[1].headers["idempotency-key"]
    uuid.UUID(sent[0].headers["idempotency-key"])
    assert api.sessions.list().pagination.total == 1
    assert api.users.get_me().credits_ == before - created.credits_required


def test_retry_after_is_honoured() -> None:
    """429 with Retry-After: waits what it says, then retries (a local handler stands in for a rate
    limit here: the service's own limits take a minute of requests to reach)."""
    answers = [
        httpx.Response(429, headers={"retry-after": "2"}, json={"success": False}),
        httpx.Response(200, json={"success": True}),
    ]
    waits: list[float] = []
    transport = RetryTransport(httpx.MockTransport(lambda request: answers.pop(0)), RetryPolicy(), sleep=waits.append)
    with httpx.Client(transport=transport) as http:
        assert http.get("http://127.0.0.1:9/v1/users/me").status_code == 200
    assert waits == [2.0]


def test_api_key_authentication_and_any_generated_operation(server_url: str, api: SessionAnalysis) -> None:
    key = api.api_keys.create({"name": "py-test", "scopes": ["profile", "analytics:read"]})
    with SessionAnalysis(server_url, api_key=key.key) as by_key:
        response = by_key.raw.get_httpx_client().get("/users/me")
        assert response.headers["x-api-version"] == API_VERSION
        # The generated operation by hand, as before the resource layer: the same answer.
        billing = by_key.call(get_billing.sync_detailed).data
        assert billing.credits_.remaining == api.users.get_me().credits_ == by_key.billing.get().credits_.remaining
        with pytest.raises(ApiError) as refused:
            by_key.sessions.list()
        assert (refused.value.status, refused.value.code) == (403, "INSUFFICIENT_PERMISSIONS")


def test_a_real_delivery_verifies_and_a_tampered_one_does_not(api: SessionAnalysis, receiver: Receiver) -> None:
    path = f"/hooks/{uuid.uuid4().hex}"
    hook = api.webhooks.create({"url": receiver.url + path, "events": ["session.completed"]})
    created = api.sessions.create(LIGHTHOUSE)
    assert api.sessions.wait(created.id) == "completed"

    deadline = time.monotonic() + 60
    while not any(d.path == path for d in receiver.wait_for(1)):
        assert time.monotonic() < deadline, "no delivery to this webhook"
        time.sleep(0.2)
    delivery = next(d for d in receiver.deliveries if d.path == path)

    event = verify_webhook(hook.secret, delivery.headers, delivery.body)
    assert event["type"] == "session.completed"
    assert event["data"]["session"]["id"] == created.id

    with pytest.raises(WebhookVerificationError):
        verify_webhook(hook.secret, delivery.headers, delivery.body.replace(created.id.encode(), b"ses_0"))
    with pytest.raises(WebhookVerificationError):
        verify_webhook(hook.secret, delivery.headers, delivery.body, now=time.time() + 3600)
    body = json.loads(delivery.body)
    assert body == event


def test_async_client_lists_and_follows(server_url: str, api: SessionAnalysis) -> None:
    token = api.token
    created = api.sessions.create(LIGHTHOUSE)

    async def run() -> tuple[list[str], list[str]]:
        client = AsyncSessionAnalysis(server_url, token=token)
        try:
            kinds = [m["type"] async for m in client.sessions.follow(created.id)]
            ids = [s.id async for s in client.sessions.list_all(page_size=1)]
            return kinds, ids
        finally:
            await client.aclose()

    kinds, ids = asyncio.run(run())
    assert kinds[0] == "snapshot"
    assert kinds[-1] == "transition"
    assert ids == [created.id]


def test_resource_methods_cover_lists_deletes_enums_and_raw_answers(api: SessionAnalysis, receiver: Receiver) -> None:
    hook = api.webhooks.create({"url": receiver.url + "/unused", "events": ["session.completed"]})
    assert hook.id in [w.id for w in api.webhooks.list().webhooks]
    assert api.webhooks.list_deliveries(hook.id, limit=100).pagination.limit == 100
    api.webhooks.delete(hook.id)
    with pytest.raises(ApiError) as gone:
        api.webhooks.get(hook.id)
    assert (gone.value.status, gone.value.code) == (404, "RESOURCE_NOT_FOUND")

    key = api.api_keys.create({"name": "short-lived", "scopes": ["profile"]})
    assert key.id in [k.id for k in api.api_keys.list().api_keys]
    api.api_keys.revoke(key.id)

    created = api.sessions.create(LIGHTHOUSE)
    assert api.sessions.wait(created.id) == "completed"
    # An enum parameter as its value or as the generated member: the same page (an ended session's status stays).
    by_value = [s.id for s in api.sessions.list(status="completed").sessions]
    assert by_value == [s.id for s in api.sessions.list(status=ListSessionsStatus.COMPLETED).sessions]
    assert by_value == [created.id]
    # A CSV export is handed back as the HTTP response.
    csv = api.exports.sessions(status="completed")
    assert csv.content.decode().splitlines()[0].startswith("id,session_type,status,cue,")
    assert created.id in csv.content.decode()


def test_operations_outside_v1_go_to_the_origin(server_url: str) -> None:
    # The authorization server's metadata and the MCP registry entry are served at the origin, not under /v1.
    with SessionAnalysis(server_url) as anonymous:
        metadata = anonymous.oauth2.get_authorization_server_metadata()
        assert metadata.issuer == server_url
        assert metadata.token_endpoint == f"{server_url}/oauth2/token"
        assert anonymous.mcp.get_registry_entry().remotes[0].url == f"{server_url}/mcp"
