"""A real `wrangler dev` for the whole test session, started by the repository's Node launcher
(clients/testing/server.ts: migrations applied, its own local state, 127.0.0.1 on a free port), and a
local webhook receiver. Nothing here mocks the service."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from session_analysis import SessionAnalysis

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    proc = subprocess.Popen(
        ["node", "--import", "tsx", "clients/testing/server.ts"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait(timeout=30)
        raise RuntimeError(f"the test server exited ({proc.returncode}) before answering")
    try:
        yield json.loads(line)["url"]
    finally:
        # Closing its standard input stops the launcher and its server (clients/testing/server.ts).
        assert proc.stdin is not None
        proc.stdin.close()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)


@dataclass
class Delivery:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    url: str
    deliveries: list[Delivery] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    def wait_for(self, count: int, timeout: float = 60.0) -> list[Delivery]:
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.deliveries) >= count, timeout=timeout):
                raise AssertionError(f"{len(self.deliveries)} of {count} webhook deliveries arrived")
            return list(self.deliveries)


@pytest.fixture(scope="session")
def receiver() -> Iterator[Receiver]:
    """An HTTP endpoint on 127.0.0.1 that keeps every delivery's headers and raw body."""
    state = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            with state.arrived:
                state.deliveries.append(Delivery(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                state.arrived.notify_all()
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def api(server_url: str) -> Iterator[SessionAnalysis]:
    """A newly registered user's client, with credits bought through the test payment gateway (so the
    tests do not depend on a free-credit grant)."""
    anonymous = SessionAnalysis(server_url)
    email = f"py.{uuid.uuid4().hex[:12]}@example.com"
    auth = anonymous.auth.register(
        {"email": email, "username": "pyclient", "password": "correct-horse-42", "tier": "basic"}
    )
    anonymous.close()
    client = SessionAnalysis(server_url, token=auth.token)
    client.billing.purchase_credits({"credit_package": "starter", "payment_method_id": "pm_card_visa"})
    yield client
    client.close()
