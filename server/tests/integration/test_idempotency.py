"""Idempotency keys on the real stack: replay, 409 on reuse, concurrent duplicates, and the crash
window between commit and answer (the api SIGKILLs itself there; the SDK's retry gets the
original answer and the event exists once)."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import mango
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import client, history, new_session

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

CRASH_KEY = "crash-" + secrets.token_hex(8)
MESSAGE = {"events": [{"type": "user.message", "content": [{"type": "text", "text": "/text once"}]}]}


def _send(http: httpx.Client, session_id: str, key: str, body: dict[str, object] = MESSAGE) -> httpx.Response:
    return http.post(f"/v1/sessions/{session_id}/events", json=body, headers={"idempotency-key": key})


def _messages(http: httpx.Client, session_id: str) -> list[dict[str, object]]:
    return [e for e in history(http, session_id) if e["type"] == "user.message"]


def test_same_key_and_body_replays_the_answer(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        body = {"name": "idem-agent", "model": "mango-offline-1"}
        first = http.post("/v1/agents", json=body, headers={"idempotency-key": "agent-create-1"})
        again = http.post("/v1/agents", json=body, headers={"idempotency-key": "agent-create-1"})
        assert first.status_code == again.status_code == 200, again.text
        assert again.json() == first.json()
        assert again.headers["idempotent-replayed"] == "true"
        assert "idempotent-replayed" not in first.headers
        assert again.headers["request-id"] != first.headers["request-id"]
        names = [a["id"] for a in http.get("/v1/agents", params={"limit": 100}).json()["data"]]
        assert names.count(first.json()["id"]) == 1


def test_same_key_with_another_body_is_409(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "idem-409")
        assert _send(http, sid, "send-409").status_code == 200
        other = {"events": [{"type": "user.message", "content": [{"type": "text", "text": "different"}]}]}
        refused = _send(http, sid, "send-409", other)
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["type"] == "conflict_error"
        assert len(_messages(http, sid)) == 1


def _upload(http: httpx.Client, key: str, data: bytes, filename: str = "notes.txt") -> httpx.Response:
    # httpx draws a new multipart boundary for every request, as a retrying client does.
    return http.post("/v1/files", files={"file": (filename, data, "text/plain")}, headers={"idempotency-key": key})


def _file_ids(http: httpx.Client) -> list[str]:
    return [f["id"] for f in http.get("/v1/files", params={"limit": 100}).json()["data"]]


def test_a_multipart_upload_is_fingerprinted_by_its_bytes(mango_platform: Platform, mango_tenant: Tenant) -> None:
    key = "upload-" + secrets.token_hex(4)
    data = b"the first upload " * 4096
    with client(mango_platform, mango_tenant) as http:
        first = _upload(http, key, data)
        assert first.status_code == 200, first.text
        again = _upload(http, key, data)
        assert again.status_code == 200, again.text
        assert again.headers["idempotent-replayed"] == "true"
        assert again.json() == first.json()
        # Same length, same name, other bytes (one byte differs, at the very end): a different request.
        forged = data[:-1] + b"X"
        assert len(forged) == len(data)
        for other in (_upload(http, key, forged), _upload(http, key, data, filename="other.txt")):
            assert other.status_code == 409, other.text
            assert other.json()["error"]["type"] == "conflict_error"
        assert _file_ids(http).count(first.json()["id"]) == 1
        assert http.get(f"/v1/files/{first.json()['id']}/content").content == data
        # A failed upload stores no answer: its key is free for the corrected request.
        failed = "upload-failed-" + secrets.token_hex(4)
        wrong = http.post(
            "/v1/files", files={"attachment": ("a.txt", b"a", "text/plain")}, headers={"idempotency-key": failed}
        )
        assert wrong.status_code == 400, wrong.text
        assert _upload(http, failed, b"corrected").status_code == 200


def test_keys_are_per_workspace(mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant) -> None:
    body = {"name": "idem-ws", "model": "mango-offline-1"}
    with client(mango_platform, mango_tenant) as one, client(mango_platform, mango_other_tenant) as two:
        a = one.post("/v1/agents", json=body, headers={"idempotency-key": "shared-key"})
        b = two.post("/v1/agents", json=body, headers={"idempotency-key": "shared-key"})
        assert a.status_code == b.status_code == 200
        assert a.json()["id"] != b.json()["id"]
        assert "idempotent-replayed" not in b.headers


def test_a_malformed_key_is_400(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        bad = http.post(
            "/v1/agents", json={"name": "x", "model": "mango-offline-1"}, headers={"idempotency-key": "a b"}
        )
        assert bad.status_code == 400
        assert bad.json()["error"]["type"] == "invalid_request_error"


def test_a_failed_request_stores_nothing(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        missing = _send(http, "sesn_missing", "send-404")
        assert missing.status_code == 404
        sid = new_session(http, "idem-404")
        # the same key may now be used for a request that succeeds (the 404 was not stored)
        bad = http.post(
            "/v1/agents", json={"name": "", "model": "mango-offline-1"}, headers={"idempotency-key": "k400"}
        )
        assert bad.status_code == 400
        good = http.post(
            "/v1/agents", json={"name": "ok", "model": "mango-offline-1"}, headers={"idempotency-key": "k400"}
        )
        assert good.status_code == 200
        assert _send(http, sid, "send-after").status_code == 200


def test_concurrent_duplicates_run_once_and_both_get_the_answer(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "idem-race")
        start = threading.Barrier(4)

        def one(_: int) -> httpx.Response:
            with client(mango_platform, mango_tenant) as own:
                start.wait()
                return _send(own, sid, "send-race")

        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(one, range(4)))
        assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
        assert len({a.text for a in answers}) == 1
        assert sum("idempotent-replayed" in a.headers for a in answers) == 3
        assert len(_messages(http, sid)) == 1


@pytest.fixture
def crashing(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform whose api kills itself after committing the request sent with ``CRASH_KEY``."""
    running = Platform(
        mango_services, tmp_path_factory.mktemp("idem-crash"), extra_env={"MANGO_TEST_KILL_AFTER_COMMIT_KEY": CRASH_KEY}
    ).start()
    try:
        yield running
    finally:
        running.stop()


def _restart_api_when_it_dies(platform: Platform, deadline: float) -> bool:
    proc = platform.processes["api"]
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            platform.processes.pop("api")
            platform.start_role("api")
            return True
        time.sleep(0.05)
    return False


def test_sdk_retry_after_a_crash_between_commit_and_answer_replays(crashing: Platform) -> None:
    tenant = crashing.create_tenant("idem-crash")
    with client(crashing, tenant) as http:
        sid = new_session(http, "idem-crash")
    policy = mango.RetryPolicy(max_retries=30, base_delay=0.2, max_delay=0.5)
    sdk = mango.Mango(base_url=crashing.base_url, api_key=tenant.api_key, retry_policy=policy)
    restarted: list[bool] = []
    watcher = threading.Thread(
        target=lambda: restarted.append(_restart_api_when_it_dies(crashing, time.monotonic() + 60))
    )
    watcher.start()
    try:
        sent = sdk.sessions.events.send(sid, events=MESSAGE["events"], extra_headers={"Idempotency-Key": CRASH_KEY})
    finally:
        watcher.join()
        sdk.close()
    assert restarted == [True], "the api did not die after the commit"
    assert "killing the api after commit" in (crashing.log_dir / "api.log").read_text()
    with client(crashing, tenant) as http:
        stored = _messages(http, sid)
        assert [e["id"] for e in stored] == [sent.data[0].id]
        replay = _send(http, sid, CRASH_KEY)
        assert replay.headers["idempotent-replayed"] == "true"
        assert replay.json()["data"][0]["id"] == sent.data[0].id
