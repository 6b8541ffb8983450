"""The ``Idempotency-Key`` contract, checked over raw HTTP.

A mutation sent twice with the same key and body must answer the same status and body the
second time, marked ``Idempotent-Replayed: true``, without running again; the same key with
another body must answer 409 ``conflict_error``. Checked on ``agents.create`` (several
transactions) and ``sessions.events.send`` (one transaction). Not responsible for building the
calls' prerequisites (``_scenario``).
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from ._probe import Call, Probe

__all__ = ["check_replay_and_conflict"]


def check_replay_and_conflict(probe: Probe, call: Call, other_body: Any) -> Any:
    """Send ``call`` twice under one fresh key, then with ``other_body``; returns the first answer's body."""
    keyed = call.but(f"{call.label} (Idempotency-Key)", headers={**call.headers, "idempotency-key": _key()})
    first = probe.send(keyed)
    again = probe.send(keyed.but(f"{keyed.label}, sent again"))
    op = call.operation_id
    for response in (first, again):
        verdict = probe.judge(keyed, response.status_code, _lower(response.headers), response.content)
        for problem in verdict.problems:
            probe.report.fail(op, f"{keyed.label}: {problem}")
    if not 200 <= first.status_code < 300:
        probe.report.fail(op, f"{keyed.label}: answered {first.status_code}")
        return None
    probe.report.operations[op].exercised = True
    if (again.status_code, again.content) != (first.status_code, first.content):
        probe.report.fail(op, f"{keyed.label}: the retry answered {again.status_code} with another body")
    if again.headers.get("idempotent-replayed") != "true":
        probe.report.fail(op, f"{keyed.label}: the retry lacks Idempotent-Replayed: true")
    if first.headers.get("idempotent-replayed") is not None:
        probe.report.fail(op, f"{keyed.label}: the first answer is marked as a replay")
    changed = keyed.but(f"{call.label} (same Idempotency-Key, another body)", json_body=other_body)
    probe.expect_error(changed, statuses=frozenset({409}), error_type="conflict_error")
    return json.loads(first.content) if first.content else None


def _key() -> str:
    return "conformance-" + secrets.token_hex(12)


def _lower(headers: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in headers.items()}
