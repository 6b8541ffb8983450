"""Webhooks on the real components: the endpoint API, signed Session notifications verified with the
Standard Webhooks reference library, bounded retries, disable on redirect or private target, a
dispatcher killed mid-delivery, and two dispatchers sharing one queue.

The receiver listens on 127.0.0.1, which the platform's egress allowlist admits
(``MANGO_EGRESS_ALLOW=127.0.0.1/32``); attempt bounds are shortened so the suite runs in seconds.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._ports import free_port
from mango_server.store import webhooks as store
from mango_server.store.webhooks import DeliveryRow
from prometheus_client.parser import text_string_to_metric_families
from standardwebhooks import Webhook

from ._client import client, new_session, say, wait_status
from ._webhook_receiver import HANG, Received, Receiver

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

RETRY_MIN, RETRY_MAX = 1.1, 2.5
FAST = {
    "MANGO_EGRESS_ALLOW": "127.0.0.1/32",
    "MANGO_WEBHOOK_RETRY_MIN_SECONDS": str(RETRY_MIN),
    "MANGO_WEBHOOK_RETRY_MAX_SECONDS": str(RETRY_MAX),
    "MANGO_WEBHOOK_TIMEOUT_SECONDS": "1",
    "MANGO_WEBHOOK_LEASE_SECONDS": "3",
}
ALL_SESSION = [
    "session.created",
    "session.status_run_started",
    "session.status_idled",
    "session.requires_action",
    "session.status_rescheduled",
    "session.status_terminated",
    "session.archived",
    "session.deleted",
    "session.budget_reached",
]


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    env = {**FAST, "MANGO_ORCHESTRATOR_METRICS_PORT": str(free_port())}
    running = Platform(mango_services, tmp_path_factory.mktemp("webhooks"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()
    # Signing secrets handed out by the API (``issued``) must never reach a log.
    leaks = running.leaks()
    if leaks:
        pytest.fail(f"secrets reached the logs: {leaks}")


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver().start()
    try:
        yield running
    finally:
        running.stop()


def _create(http: httpx.Client, url: str, types: list[str]) -> dict[str, object]:
    response = http.post("/v1/webhooks", json={"url": url, "event_types": types})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _deliveries(platform: Platform, webhook_id: str) -> list[DeliveryRow]:
    async def read() -> list[DeliveryRow]:
        import asyncpg

        conn = await asyncpg.connect(platform.database_url)
        try:
            return await store.deliveries_of(conn, webhook_id)
        finally:
            await conn.close()

    return asyncio.run(read())


def _wait_webhook(http: httpx.Client, webhook_id: str, predicate: object, timeout: float = 20.0) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    body: dict[str, object] = {}
    while time.monotonic() < deadline:
        body = http.get(f"/v1/webhooks/{webhook_id}").json()
        if predicate(body):  # type: ignore[operator]
            return body
        time.sleep(0.1)
    raise AssertionError(f"webhook never reached the expected state: {body}")


def _attempt_counts(platform: Platform) -> dict[str, float]:
    port = platform.extra_env["MANGO_ORCHESTRATOR_METRICS_PORT"]
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    return {
        sample.labels["result"]: sample.value
        for family in text_string_to_metric_families(text)
        if family.name == "mango_webhook_attempts"
        for sample in family.samples
        if sample.name == "mango_webhook_attempts_total"
    }


def _verify(secret: str, request: Received) -> dict[str, object]:
    return dict(Webhook(secret).verify(request.body, request.headers))


def test_endpoint_api_shows_the_secret_only_on_create_and_rotate(platform: Platform) -> None:
    tenant, other = platform.create_tenant("wh-crud"), platform.create_tenant("wh-crud-other")
    with client(platform, tenant) as http, client(platform, other) as other_http:
        created = _create(http, "https://hooks.example.com/mango", ["session.status_idled", "session.created"])
        secret = str(created["secret"])
        assert secret.startswith("whsec_")
        assert created["type"] == "webhook"
        assert created["id"].startswith("whk_")  # type: ignore[attr-defined]
        assert created["enabled"] is True
        assert created["disabled_reason"] is None
        assert created["event_types"] == ["session.created", "session.status_idled"]
        webhook_id = created["id"]
        fetched = http.get(f"/v1/webhooks/{webhook_id}").json()
        assert "secret" not in fetched
        listed = http.get("/v1/webhooks").json()
        assert [w["id"] for w in listed["data"]] == [webhook_id]
        assert secret not in json.dumps(listed)
        updated = http.post(
            f"/v1/webhooks/{webhook_id}", json={"description": "ops", "metadata": {"team": "a"}, "enabled": False}
        ).json()
        assert (updated["description"], updated["metadata"], updated["enabled"]) == ("ops", {"team": "a"}, False)
        rotated = http.post(f"/v1/webhooks/{webhook_id}/rotate_secret").json()
        assert rotated["secret"].startswith("whsec_")
        assert rotated["secret"] != secret
        # Another Workspace sees nothing.
        assert other_http.get(f"/v1/webhooks/{webhook_id}").status_code == 404
        assert other_http.post(f"/v1/webhooks/{webhook_id}", json={"enabled": True}).status_code == 404
        assert other_http.delete(f"/v1/webhooks/{webhook_id}").status_code == 404
        assert other_http.get("/v1/webhooks").json()["data"] == []
        # Bad input is a clear 400 in the one envelope.
        for body in (
            {"url": "ftp://example.com/", "event_types": ["session.created"]},
            {"url": "https://user:pw@example.com/", "event_types": ["session.created"]},
            {"url": "https://example.com/", "event_types": ["session.bogus"]},
            {"url": "https://example.com/", "event_types": []},
            {"url": "https://example.com/"},
        ):
            response = http.post("/v1/webhooks", json=body)
            assert response.status_code == 400, (body, response.text)
            assert response.json()["error"]["type"] == "invalid_request_error"
        deleted = http.delete(f"/v1/webhooks/{webhook_id}").json()
        assert deleted == {"type": "webhook_deleted", "id": webhook_id}
        assert http.get(f"/v1/webhooks/{webhook_id}").status_code == 404
    # The secrets were handed out by the API: they must never reach a log.
    platform.issued.extend([secret, str(rotated["secret"])])


def test_session_lifecycle_notifications_are_signed_thin_and_verified(platform: Platform, receiver: Receiver) -> None:
    tenant = platform.create_tenant("wh-lifecycle")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ALL_SESSION)
        secret = str(created["secret"])
        platform.issued.append(secret)
        sid = new_session(http, "wh-lifecycle")
        say(http, sid, '/tool get_weather {"city": "Paris"}')
        wait_status(http, sid, "requires_action")
        assert http.post(f"/v1/sessions/{sid}/archive").status_code == 200
        assert http.delete(f"/v1/sessions/{sid}").status_code == 200
        expected = [
            "session.created",
            "session.status_run_started",
            "session.status_idled",
            "session.requires_action",
            "session.status_terminated",
            "session.archived",
            "session.deleted",
        ]
        receiver.wait_for(lambda got: {json.loads(r.body)["data"]["type"] for r in got} >= set(expected))
    for request in receiver.requests:
        payload = _verify(secret, request)  # raises unless the signature is right
        assert request.headers["webhook-id"] == payload["id"]
        assert str(payload["id"]).startswith("wevt_")
        assert payload["type"] == "event"
        data = payload["data"]
        assert isinstance(data, dict)
        assert data["id"] == sid
        assert data["workspace_id"] == tenant.workspace_id
        assert set(data) <= {"type", "id", "workspace_id", "stop_reason"}, "payloads are thin"
    idled = receiver.of_type("session.status_idled", sid)
    assert idled
    assert json.loads(idled[0].body)["data"]["stop_reason"]["type"] == "requires_action"
    ids = [r.headers["webhook-id"] for r in receiver.requests]
    assert len(ids) == len(set(ids)), "each notification is delivered once"


def test_failures_are_retried_three_times_with_one_id_and_fresh_timestamps(
    platform: Platform, receiver: Receiver
) -> None:
    receiver.answer = lambda request, nth: 503
    tenant = platform.create_tenant("wh-retry")
    counted = _attempt_counts(platform)
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["session.created"])
        secret = str(created["secret"])
        platform.issued.append(secret)
        new_session(http, "wh-retry")
        got = receiver.wait_for(lambda got: len(got) >= 3, timeout=30)
        time.sleep(RETRY_MAX + 1.5)  # no fourth attempt
        assert len(receiver.requests) == 3
    assert len({r.headers["webhook-id"] for r in got}) == 1
    stamps = [int(r.headers["webhook-timestamp"]) for r in got]
    assert stamps == sorted(stamps)
    assert len(set(stamps)) == 3, "every attempt has a fresh timestamp"
    gaps = [b.at - a.at for a, b in itertools.pairwise(got)]
    assert all(RETRY_MIN - 0.05 <= gap <= RETRY_MAX + 1.5 for gap in gaps), gaps
    assert len({r.body for r in got}) == 1, "every attempt sends the same bytes"
    for request in got:
        _verify(secret, request)
    [row] = _deliveries(platform, str(created["id"]))
    assert (row.state, row.attempts, row.last_status) == ("failed", 3, 503)
    assert row.body == got[0].body
    assert row.attempt_signature == got[-1].headers["webhook-signature"]
    now = _attempt_counts(platform)
    assert now.get("retry", 0) - counted.get("retry", 0) >= 2
    assert now.get("failed", 0) - counted.get("failed", 0) >= 1


def test_any_2xx_after_a_failure_acknowledges(platform: Platform, receiver: Receiver) -> None:
    receiver.answer = lambda request, nth: 500 if nth == 1 else 202
    tenant = platform.create_tenant("wh-ack")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["session.created"])
        platform.issued.append(str(created["secret"]))
        new_session(http, "wh-ack")
        receiver.wait_for(lambda got: len(got) >= 2, timeout=20)
        time.sleep(RETRY_MAX + 1.0)
        assert len(receiver.requests) == 2
        [row] = _deliveries(platform, str(created["id"]))
        assert (row.state, row.attempts, row.last_status) == ("delivered", 2, 202)
        assert http.get(f"/v1/webhooks/{created['id']}").json()["enabled"] is True


def test_a_redirect_is_not_followed_and_disables_the_endpoint(platform: Platform, receiver: Receiver) -> None:
    receiver.answer = lambda request, nth: 302
    tenant = platform.create_tenant("wh-redirect")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["session.created"])
        platform.issued.append(str(created["secret"]))
        new_session(http, "wh-redirect")
        new_session(http, "wh-redirect-2")
        body = _wait_webhook(http, str(created["id"]), lambda b: b["enabled"] is False)
        reason = body["disabled_reason"]
        assert isinstance(reason, dict)
        assert reason["type"] == "redirect"
        assert "302" in reason["message"]
        assert reason["disabled_at"]
        time.sleep(RETRY_MAX + 1.0)
        # One attempt reached the endpoint; the queued one was dropped with the endpoint, not retried.
        assert len(receiver.requests) <= 2
        states = {row.state for row in _deliveries(platform, str(created["id"]))}
        assert states == {"failed"}
        # Enabling again clears the reason; nothing recorded meanwhile is backfilled.
        before = len(receiver.requests)
        enabled = http.post(f"/v1/webhooks/{created['id']}", json={"enabled": True}).json()
        assert (enabled["enabled"], enabled["disabled_reason"]) == (True, None)
        time.sleep(1.5)
        assert len(receiver.requests) == before


def test_a_private_target_is_refused_at_connect_time_and_disables_the_endpoint(
    platform: Platform, receiver: Receiver
) -> None:
    # 127.0.0.2 is loopback but outside the allowlist (127.0.0.1/32): the guard refuses it.
    private_url = receiver.url.replace("127.0.0.1", "127.0.0.2")
    tenant = platform.create_tenant("wh-private")
    with client(platform, tenant) as http:
        created = _create(http, private_url, ["session.created"])
        platform.issued.append(str(created["secret"]))
        new_session(http, "wh-private")
        body = _wait_webhook(http, str(created["id"]), lambda b: b["enabled"] is False)
        reason = body["disabled_reason"]
        assert isinstance(reason, dict)
        assert reason["type"] == "private_address"
        assert "loopback" in reason["message"]
    assert receiver.requests == []
    [row] = _deliveries(platform, str(created["id"]))
    assert (row.state, row.attempts) == ("failed", 1)


def test_rotation_signs_later_attempts_with_the_new_secret(platform: Platform, receiver: Receiver) -> None:
    tenant = platform.create_tenant("wh-rotate")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["session.created"])
        rotated = http.post(f"/v1/webhooks/{created['id']}/rotate_secret").json()
        platform.issued.extend([str(created["secret"]), rotated["secret"]])
        new_session(http, "wh-rotate")
        [request] = receiver.wait_for(lambda got: len(got) == 1)
    _verify(rotated["secret"], request)
    with pytest.raises(Exception, match="signature"):
        _verify(str(created["secret"]), request)


def test_two_dispatchers_deliver_each_notification_once(platform: Platform, receiver: Receiver) -> None:
    with (platform.log_dir / "orchestrator-2.log").open("ab") as log:
        command = [sys.executable, "-m", "mango_server", "orchestrator"]
        second = subprocess.Popen(command, env=platform.env(), stdout=log, stderr=subprocess.STDOUT)
    try:
        time.sleep(3)  # both dispatchers are scanning
        tenant = platform.create_tenant("wh-two")
        with client(platform, tenant) as http:
            created = _create(http, receiver.url, ["session.created"])
            platform.issued.append(str(created["secret"]))
            for n in range(20):
                new_session(http, f"wh-two-{n}")
            receiver.wait_for(lambda got: len({r.headers["webhook-id"] for r in got}) == 20, timeout=30)
            time.sleep(2)
        ids = [r.headers["webhook-id"] for r in receiver.requests]
        assert len(ids) == 20, "an attempt was delivered twice"
        rows = _deliveries(platform, str(created["id"]))
        # A claim whose lease ran out before it was sent (a busy machine) is taken over and counts as
        # an attempt; what must never happen is a second delivery, checked on the receiver above.
        assert len(rows) == 20
        assert {r.state for r in rows} == {"delivered"}
    finally:
        # The second orchestrator's graceful stop can outlast a busy machine: then it is killed.
        second.send_signal(signal.SIGINT)
        try:
            second.wait(timeout=30)
        except subprocess.TimeoutExpired:
            second.kill()
            second.wait()


def test_scheduled_deployment_runs_send_signed_deployment_run_notifications(
    platform: Platform, receiver: Receiver
) -> None:
    tenant = platform.create_tenant("wh-deploy")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["deployment_run.completed", "deployment_run.failed"])
        secret = str(created["secret"])
        platform.issued.append(secret)
        agent = http.post("/v1/agents", json={"name": "wh-deploy", "model": "mango-offline-1"}).json()
        env = http.post("/v1/environments", json={"name": f"wh-deploy-{time.monotonic_ns()}"}).json()
        deployment = http.post(
            "/v1/deployments",
            json={
                "name": "wh-every-two-seconds",
                "agent": agent["id"],
                "environment_id": env["id"],
                "initial_events": [{"type": "user.message", "content": [{"type": "text", "text": "hi"}]}],
                "schedule": {"type": "cron", "expression": "*/2 * * * * *", "timezone": "UTC"},
            },
        )
        assert deployment.status_code == 200, deployment.text
        did = deployment.json()["id"]
        try:
            receiver.wait_for(lambda got: len(got) >= 1, timeout=40)
        finally:
            assert http.post(f"/v1/deployments/{did}/pause").status_code == 200
        first = receiver.requests[0]
        payload = _verify(secret, first)
        data = payload["data"]
        assert isinstance(data, dict)
        assert data["type"] == "deployment_run.completed"
        assert data["deployment_id"] == did
        assert data["workspace_id"] == tenant.workspace_id
        run = http.get(f"/v1/deployment_runs/{data['id']}").json()
        assert run["deployment_id"] == did
        assert run["trigger_context"]["type"] == "schedule"
        assert data["session_id"] == run["session_id"]
        # A manual Run answers its caller and sends no notification.
        before = len(receiver.requests)
        manual = http.post(f"/v1/deployments/{did}/run")
        assert manual.status_code == 200, manual.text
        time.sleep(RETRY_MAX)
        manual_id = manual.json()["id"]
        assert all(json.loads(r.body)["data"]["id"] != manual_id for r in receiver.requests[before:])


@pytest.fixture
def crash_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own (this test kills its orchestrator), with a 4 s attempt timeout."""
    env = {**FAST, "MANGO_WEBHOOK_TIMEOUT_SECONDS": "4", "MANGO_WEBHOOK_LEASE_SECONDS": "5"}
    running = Platform(mango_services, tmp_path_factory.mktemp("webhooks-crash"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.slow
def test_dispatcher_killed_mid_delivery_delivers_once_after_restart_with_the_same_id(
    crash_platform: Platform, receiver: Receiver
) -> None:
    receiver.answer = lambda request, nth: HANG if nth == 1 else 204
    tenant: Tenant = crash_platform.create_tenant("wh-crash")
    with client(crash_platform, tenant) as http:
        created = _create(http, receiver.url, ["session.created"])
        secret = str(created["secret"])
        crash_platform.issued.append(secret)
        new_session(http, "wh-crash")
        receiver.wait_for(lambda got: len(got) == 1, timeout=20)
        crash_platform.kill_role("orchestrator")  # mid-attempt: the endpoint has not answered
        crash_platform.start_role("orchestrator")
        got = receiver.wait_for(lambda got: len(got) == 2, timeout=60)
        time.sleep(RETRY_MAX + 1.0)
    assert len(receiver.requests) == 2
    first, second = got
    assert first.answered is None
    assert second.answered == 204
    assert first.headers["webhook-id"] == second.headers["webhook-id"]
    assert first.body == second.body
    assert int(second.headers["webhook-timestamp"]) > int(first.headers["webhook-timestamp"])
    _verify(secret, second)
    [row] = _deliveries(crash_platform, str(created["id"]))
    assert (row.state, row.attempts) == ("delivered", 2)


def test_an_idempotent_create_replays_its_secret_without_storing_it_in_the_clear(platform: Platform) -> None:
    tenant = platform.create_tenant("wh-idem")
    body = {"url": "https://hooks.example.com/idem", "event_types": ["session.created"]}
    with client(platform, tenant) as http:
        first = http.post("/v1/webhooks", json=body, headers={"idempotency-key": "wh-create-1"})
        again = http.post("/v1/webhooks", json=body, headers={"idempotency-key": "wh-create-1"})
        assert first.status_code == again.status_code == 200
        assert again.headers["idempotent-replayed"] == "true"
        assert again.json() == first.json()
        assert len(http.get("/v1/webhooks").json()["data"]) == 1
        secret = first.json()["secret"]
        platform.issued.append(secret)

    async def stored() -> list[bytes]:
        import asyncpg

        conn = await asyncpg.connect(platform.database_url)
        try:
            rows = await conn.fetch("SELECT body FROM idempotency_keys WHERE workspace_id = $1", tenant.workspace_id)
            return [bytes(r["body"]) for r in rows]
        finally:
            await conn.close()

    [answer] = asyncio.run(stored())
    assert secret.encode() not in answer
    assert b"whsec_" not in answer


def test_budget_reached_is_announced_with_its_stop_reason(platform: Platform, receiver: Receiver) -> None:
    tenant = platform.create_tenant("wh-budget")
    with client(platform, tenant) as http:
        created = _create(http, receiver.url, ["session.budget_reached", "session.status_idled"])
        secret = str(created["secret"])
        platform.issued.append(secret)
        agent = http.post("/v1/agents", json={"name": "wh-budget", "model": "mango-offline-1"}).json()
        env = http.post("/v1/environments", json={"name": "wh-budget-env"}).json()
        # The offline model asks for 4,096 output tokens a request: 100 tokens stop the first one.
        body = {"agent": agent["id"], "environment_id": env["id"], "budget": {"type": "limit", "max_tokens": 100}}
        sid = http.post("/v1/sessions", json=body).json()["id"]
        say(http, sid, "hello")
        wait_status(http, sid, "budget_reached")
        receiver.wait_for(lambda got: len(got) >= 2)
    [reached] = receiver.of_type("session.budget_reached", sid)
    payload = _verify(secret, reached)
    assert payload["data"] == {
        "type": "session.budget_reached",
        "id": sid,
        "workspace_id": tenant.workspace_id,
        "stop_reason": {"type": "budget_reached"},
    }
    [idled] = receiver.of_type("session.status_idled", sid)
    assert json.loads(idled.body)["data"]["stop_reason"] == {"type": "budget_reached"}
