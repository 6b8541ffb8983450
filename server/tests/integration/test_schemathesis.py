"""Property-based fuzzing of every operation of ``openapi/mango.yaml`` with schemathesis against a real stack.

Every phase runs: the spec's examples, coverage (boundary and invalid values, undeclared methods,
malformed and unsupported content types), fuzzing and stateful sequences that follow the spec's
``links`` from each create operation to the operations on the created resource. The api runs with
``MANGO_VALIDATE_RESPONSES=true`` (the devstack platform sets it), so a response that drifts from
the contract is a 500 as well as a schema violation. The run is bounded (fixed seed, a number of
examples per operation, a time budget) and asserts that the contract is exact:

- ``not_a_server_error``: no 5xx;
- ``status_code_conformance``: every status answered is one the operation declares;
- ``response_schema_conformance``: every body matches its declared schema; an SSE answer is
  checked message by message (``event``, ``id``, and ``data`` against the stream's event union
  through ``contentSchema``), so every event a stream can send must be in its union;
- ``content_type_conformance``: every answer carries a declared media type;
- ``unsupported_method``: a method a path does not declare answers 405 with an ``Allow`` header.

The two streams never end on a live Session. Their operations are pinned to a Session with a
history and resume after its first event (``schemathesis.toml``), so each replays the history
and schemathesis reads exactly that many messages; a short timeout and few examples keep them
cheap. ``session.deleted``, which ends a stream, is checked with schemathesis's own validation
in ``test_a_deleted_session_ends_its_streams_within_their_schema``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from mango_server.devstack import Platform, Tenant

from ._client import client, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(900)]

SPEC = Path(__file__).resolve().parents[3] / "openapi" / "mango.yaml"
SEED = int(os.environ.get("MANGO_FUZZ_SEED", "20240611"))
EXAMPLES = int(os.environ.get("MANGO_FUZZ_EXAMPLES", "12"))
BUDGET_SECONDS = int(os.environ.get("MANGO_FUZZ_SECONDS", "150"))
STREAM_SECONDS = 3
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "response_schema_conformance",
    "content_type_conformance",
    "unsupported_method",
)
SESSION_STREAM = "/v1/sessions/{session_id}/events/stream"
THREAD_STREAM = "/v1/sessions/{session_id}/threads/{thread_id}/stream"


def _schemathesis() -> list[str]:
    found = shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("schemathesis is not installed (requirements-dev.txt lists it)")
    return [found]


def _events(http: httpx.Client, path: str) -> list[dict[str, Any]]:
    body = http.get(path, params={"limit": 1000, "order": "asc"})
    assert body.status_code == 200, body.text
    return list(body.json()["data"])


def _primary_thread(http: httpx.Client, session_id: str) -> str:
    threads = http.get(f"/v1/sessions/{session_id}/threads").json()["data"]
    return str(next(thread["id"] for thread in threads if thread["parent_thread_id"] is None))


def _stream_config(http: httpx.Client) -> str:
    """Per-operation settings pinning both streams to a Session with a history (TOML)."""
    session_id = new_session(http, "fuzz-streams")
    first = say(http, session_id, "hello")
    wait_status(http, session_id, "end_turn")
    thread_id = _primary_thread(http, session_id)
    replayed = {
        "sessions.events.stream": len(_events(http, f"/v1/sessions/{session_id}/events")) - 1,
        "sessions.threads.stream": len(_events(http, f"/v1/sessions/{session_id}/threads/{thread_id}/events")) - 1,
    }
    assert min(replayed.values()) >= 2, replayed
    blocks = []
    for operation_id, count in replayed.items():
        thread = f'"path.thread_id" = "{thread_id}"\n' if "threads" in operation_id else ""
        blocks.append(
            "[[operations]]\n"
            f'include-operation-id = "{operation_id}"\n'
            f"request-timeout = {STREAM_SECONDS}\n"
            # Stop reading once the replayed history is in: a live stream never ends by itself.
            f"max-stream-events = {count}\n"
            "[operations.generation]\n"
            "max-examples = 3\n"
            "[operations.parameters]\n"
            f'"path.session_id" = "{session_id}"\n'
            f"{thread}"
            f'"header.Last-Event-ID" = "{first["id"]}"\n'
        )
    return "\n".join(blocks)


def _failures(report_dir: Path) -> list[str]:
    """One line per distinct failed check of the ndjson report (code, operation, title)."""
    found: set[str] = set()
    for report in report_dir.glob("*.ndjson"):
        for line in report.read_text().splitlines():
            event = json.loads(line).get("ScenarioFinished") or {}
            for checks in event.get("recorder", {}).get("checks", {}).values():
                for check in checks:
                    failure = (check.get("failure_info") or {}).get("failure") or {}
                    if check.get("status") == "failure":
                        found.add(f"{failure.get('code')} {failure.get('operation')}: {failure.get('title')}")
    return sorted(found)


def test_every_answer_is_declared(mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path) -> None:
    config = tmp_path / "schemathesis.toml"
    with client(mango_platform, mango_tenant) as http:
        config.write_text(_stream_config(http))
    command = [
        *_schemathesis(),
        "--config-file",
        str(config),
        "run",
        str(SPEC),
        "--url",
        mango_platform.base_url,
        "--header",
        f"Authorization: Bearer {mango_tenant.api_key}",
        "--checks",
        ",".join(CHECKS),
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--seed",
        str(SEED),
        "--max-examples",
        str(EXAMPLES),
        "--max-time",
        str(BUDGET_SECONDS),
        "--workers",
        "1",
        "--request-timeout",
        "20",
        "--no-shrink",
        "--continue-on-failure",
        "--suppress-health-check",
        "all",
        "--report",
        "ndjson",
        "--report-dir",
        str(tmp_path),
        "--output-sanitize",
        "true",
    ]
    env = {**os.environ, "NO_COLOR": "1", "SCHEMATHESIS_TELEMETRY": "false"}
    started = time.monotonic()
    result = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=BUDGET_SECONDS + 600
    )
    output = result.stdout + result.stderr
    (tmp_path / "schemathesis.log").write_text(output)
    failures = "\n".join(_failures(tmp_path))
    print(f"schemathesis: {time.monotonic() - started:.0f} s, failures: {failures or 'none'}")
    assert result.returncode == 0, f"{failures}\n\n{output[-20000:]}"


def test_a_deleted_session_ends_its_streams_within_their_schema(mango_platform: Platform, mango_tenant: Tenant) -> None:
    operations = schemathesis.openapi.from_path(SPEC)
    with client(mango_platform, mango_tenant) as http:
        session_id = new_session(http, "fuzz-deleted")
        first = say(http, session_id, "hello")
        wait_status(http, session_id, "end_turn")
        thread_id = _primary_thread(http, session_id)
        paths = {
            SESSION_STREAM: f"/v1/sessions/{session_id}/events/stream",
            THREAD_STREAM: f"/v1/sessions/{session_id}/threads/{thread_id}/stream",
        }
        streams = {
            template: http.send(http.build_request("GET", path, headers={"last-event-id": first["id"]}), stream=True)
            for template, path in paths.items()
        }
        try:
            assert [response.status_code for response in streams.values()] == [200, 200]
            deleted = http.delete(f"/v1/sessions/{session_id}")
            assert deleted.status_code == 200, deleted.text
            for template, response in streams.items():
                body = response.read()  # the stream ends after session.deleted
                assert b"event: session.deleted\n" in body, (template, body[-500:])
                media = {"content-type": response.headers["content-type"]}
                answer = httpx.Response(200, headers=media, content=body, request=response.request)
                answer.elapsed = timedelta(0)
                operations[template]["GET"].validate_response(answer)  # raises on a message outside the schema
        finally:
            for response in streams.values():
                response.close()
