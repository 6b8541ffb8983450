"""Webhook rules: signatures checked by the Standard Webhooks reference library, payloads, retry bounds, mapping."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest
from mango_server.domain import webhooks as wh
from standardwebhooks import Webhook, WebhookVerificationError

NOW = 1_800_000_000


def _headers(secret: str, msg_id: str, stamp: int, body: bytes) -> dict[str, str]:
    signature = wh.sign(secret, msg_id, stamp, body)
    return {"webhook-id": msg_id, "webhook-timestamp": str(stamp), "webhook-signature": signature}


def test_signature_verifies_with_the_reference_library() -> None:
    secret = wh.new_secret()
    body = wh.payload_bytes(
        "wevt_1",
        datetime(2026, 12, 1, tzinfo=UTC),
        type="session.created",
        resource_id="sesn_1",
        workspace_id="wksp_1",
        data={},
    )
    import time

    stamp = int(time.time())
    parsed = Webhook(secret).verify(body, _headers(secret, "wevt_1", stamp, body))
    assert parsed == {
        "type": "event",
        "id": "wevt_1",
        "created_at": "2026-12-01T00:00:00Z",
        "data": {"type": "session.created", "id": "sesn_1", "workspace_id": "wksp_1"},
    }


def test_reference_library_rejects_tampering_other_secret_and_other_id() -> None:
    import time

    secret, stamp = wh.new_secret(), int(time.time())
    body = b'{"type":"event"}'
    headers = _headers(secret, "wevt_1", stamp, body)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(b'{"type":"evenT"}', headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(wh.new_secret()).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, {**headers, "webhook-id": "wevt_2"})


def test_own_verify_agrees_and_bounds_the_timestamp() -> None:
    secret, body = wh.new_secret(), b"{}"
    headers = _headers(secret, "wevt_1", NOW, body)
    assert wh.verify(secret, headers, body, now=NOW + 299)
    assert not wh.verify(secret, headers, body, now=NOW + 301)
    assert not wh.verify(secret, headers, b"{ }", now=NOW)
    assert not wh.verify(wh.new_secret(), headers, body, now=NOW)
    assert not wh.verify(secret, {**headers, "webhook-timestamp": "x"}, body, now=NOW)
    # Several signatures (a receiver mid-rotation) verify when one matches.
    both = {**headers, "webhook-signature": "v1,AAAA " + headers["webhook-signature"]}
    assert wh.verify(secret, both, body, now=NOW)


def test_secret_shape() -> None:
    secret = wh.new_secret()
    assert secret.startswith("whsec_")
    import base64

    assert len(base64.b64decode(secret.removeprefix("whsec_"))) == 32
    assert wh.new_secret() != secret


@pytest.mark.parametrize("attempts", [1, 2, 3, 4, 10])
def test_retry_delay_is_jittered_within_5_to_120_seconds(attempts: int) -> None:
    rng = random.Random(attempts)
    delays = [wh.retry_delay(attempts, rand=rng.random) for _ in range(500)]
    assert min(delays) >= 5.0
    assert max(delays) <= 120.0
    if attempts <= 2:
        assert len({round(d, 6) for d in delays}) > 100, "the delay must be jittered"


def test_retry_delay_grows_and_honours_configured_bounds() -> None:
    assert wh.retry_delay(1, rand=lambda: 0.5) == 5.0
    assert wh.retry_delay(2, rand=lambda: 0.5) == 30.0
    assert wh.retry_delay(3, rand=lambda: 0.5) == 120.0
    assert wh.retry_delay(1, rand=lambda: 0.0, min_seconds=0.2, max_seconds=1.0) == 0.2
    assert wh.retry_delay(5, rand=lambda: 0.99, min_seconds=0.2, max_seconds=1.0) == 1.0
    assert wh.MAX_ATTEMPTS == 3


def test_any_2xx_acknowledges_and_nothing_else() -> None:
    assert all(wh.is_ack(s) for s in (200, 201, 202, 204, 299))
    assert not any(wh.is_ack(s) for s in (199, 300, 301, 302, 307, 400, 404, 410, 500, 503))


def test_status_events_map_to_hosted_notification_names() -> None:
    def types(event: str, payload: dict[str, object] | None = None) -> list[str]:
        return [n.type for n in wh.session_notifications(event, payload or {}, "sesn_1")]

    assert types("session.status_running") == ["session.status_run_started"]
    assert types("session.status_idle", {"stop_reason": {"type": "end_turn"}}) == ["session.status_idled"]
    assert types("session.status_idle", {"stop_reason": {"type": "requires_action", "event_ids": ["sevt_1"]}}) == [
        "session.status_idled",
        "session.requires_action",
    ]
    assert types("session.status_idle", {"stop_reason": {"type": "budget_reached"}}) == [
        "session.status_idled",
        "session.budget_reached",
    ]
    assert types("session.status_rescheduled") == ["session.status_rescheduled"]
    assert types("session.status_terminated") == ["session.status_terminated"]
    assert types("session.deleted") == ["session.deleted"]
    assert types("agent.message") == []
    assert types("user.message") == []
    idled = wh.session_notifications("session.status_idle", {"stop_reason": {"type": "end_turn"}}, "sesn_1")[0]
    assert idled.data == {"stop_reason": {"type": "end_turn"}}
    assert set(wh.NOTIFICATION_TYPES) >= {"deployment_run.completed", "deployment_run.failed"}


def test_never_wedged_stops_are_announced_with_their_stop_reason() -> None:
    credential = {
        "type": "credential_failed",
        "mcp_server_name": "tracker",
        "vault_id": "vlt_1",
        "credential_id": "vcrd_1",
        "message": "the token endpoint refused the refresh token",
    }
    announced = wh.session_notifications("session.status_idle", {"stop_reason": credential}, "sesn_1")
    assert [(n.type, n.data) for n in announced] == [
        ("session.status_idled", {"stop_reason": credential}),
        ("session.credential_failed", {"stop_reason": credential}),
    ]
    overflow = {"type": "context_overflow", "input_tokens": 250_000}
    assert [n.type for n in wh.session_notifications("session.status_idle", {"stop_reason": overflow}, "s")] == [
        "session.status_idled"
    ]
    failed = {"type": "worker_failed", "work_id": "work_1", "environment_id": "env_1", "message": "bad archive"}
    [terminated] = wh.session_notifications("session.status_terminated", {"stop_reason": failed}, "sesn_1")
    assert (terminated.type, terminated.data) == ("session.status_terminated", {"stop_reason": failed})
    assert "session.credential_failed" in wh.NOTIFICATION_TYPES


def test_payload_is_thin_compact_json() -> None:
    body = wh.payload_bytes(
        "wevt_9",
        datetime(2026, 1, 2, 3, 4, 5, 678000, tzinfo=UTC),
        type="session.status_idled",
        resource_id="sesn_9",
        workspace_id="wksp_9",
        data={"stop_reason": {"type": "end_turn"}},
    )
    assert b" " not in body
    assert json.loads(body)["data"] == {
        "type": "session.status_idled",
        "id": "sesn_9",
        "workspace_id": "wksp_9",
        "stop_reason": {"type": "end_turn"},
    }


def test_subscription_type_validation() -> None:
    assert wh.notification_type_error(["session.created"]) is None
    assert wh.notification_type_error([]) is not None
    error = wh.notification_type_error(["session.created", "session.bogus"])
    assert error is not None
    assert "session.bogus" in error
