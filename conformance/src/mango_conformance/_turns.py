"""Turns through the live stream: a plain user turn and a custom-tool round trip.

Each turn sends events with ``sessions.events.send``, then follows ``sessions.events.stream``
resuming after the sent event (``Last-Event-ID``), so nothing committed in between is missed,
and validates every SSE message against the stream schema until ``session.status_idle``. The
history (``sessions.events.list``) must hold the streamed events in the same order, without
gaps. The directives in the messages (``/tool NAME {json}``) are understood by Mango's offline
model; a deployment on another model may not call the tool and then fails the round trip.
Not responsible for creating the Session (``_scenario``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from httpx_sse import EventSource, SSEError

from ._probe import Call, Outcome, Probe

STREAM = "sessions.events.stream"
THREAD_STREAM = "sessions.threads.stream"
SEND = "sessions.events.send"
LIST = "sessions.events.list"
TOOL_NAME = "get_weather"
CUSTOM_TOOL = {
    "type": "custom",
    "name": TOOL_NAME,
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}


def message(text: str) -> dict[str, Any]:
    """A ``user.message`` event with one text block."""
    return {"type": "user.message", "content": [{"type": "text", "text": text}]}


def follow(
    probe: Probe,
    session_id: str,
    after: str,
    until: Callable[[dict[str, Any]], bool],
    timeout: float = 60.0,
    *,
    thread_id: str | None = None,
) -> list[dict[str, Any]] | None:
    """Stream the Session's (or one Thread's) events committed after ``after`` until one satisfies ``until``."""
    call = Call(STREAM, {"session_id": session_id}, headers={"last-event-id": after}, label="stream resumed")
    if thread_id is not None:
        path = {"session_id": session_id, "thread_id": thread_id}
        call = Call(THREAD_STREAM, path, headers={"last-event-id": after}, label="thread stream resumed")
    stream_op = call.operation_id
    events: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    try:
        with probe.stream(call) as response:
            headers = {k.lower(): v for k, v in response.headers.items()}
            body = b"" if response.status_code == 200 else response.read()
            verdict = probe.judge(call, response.status_code, headers, body)
            if probe.accept_ok(call, Outcome(response.status_code, verdict, verdict.body)) is None:
                return None
            for sse in EventSource(response).iter_sse():
                for problem in probe.spec.check_stream_event(stream_op, sse.event, sse.id or None, sse.data):
                    probe.report.fail(stream_op, f"SSE schema violation: {problem}")
                if sse.event == "error":
                    probe.report.fail(stream_op, f"the stream sent an error event: {sse.data[:300]}")
                    return None
                if sse.event != "ping":
                    data = _decode(sse.data)
                    events.append(data)
                    if until(data):
                        return events
                if time.monotonic() > deadline:
                    break
    except (httpx.HTTPError, SSEError) as exc:
        probe.report.fail(stream_op, f"stream failed: {type(exc).__name__}: {exc}")
        return None
    seen = [e.get("type") for e in events]
    probe.report.fail(stream_op, f"the stream ended or timed out before the turn finished; saw {seen}")
    return None


def _decode(data: str) -> dict[str, Any]:
    try:
        decoded = json.loads(data)
    except ValueError:
        return {}
    return decoded if isinstance(decoded, dict) else {}


def _idle(event: dict[str, Any]) -> bool:
    return event.get("type") == "session.status_idle"


def _finished(event: dict[str, Any]) -> bool:
    return _idle(event) and (event.get("stop_reason") or {}).get("type") != "requires_action"


def wait_finished(probe: Probe, session_id: str, after: str) -> None:
    """Follow the stream after ``after`` until the turn finishes (recorded when it does not)."""
    follow(probe, session_id, after, _finished)


def send(probe: Probe, session_id: str, events: list[dict[str, Any]], label: str) -> list[dict[str, Any]] | None:
    """Send events; returns their echoes (checked to be unprocessed) or ``None``."""
    call = Call(SEND, {"session_id": session_id}, json_body={"events": events}, label=label)
    body = probe.expect_ok(call)
    if not isinstance(body, dict) or not body.get("data"):
        return None
    echoes: list[dict[str, Any]] = body["data"]
    if [e.get("type") for e in echoes] != [e["type"] for e in events]:
        probe.report.fail(SEND, f"{label}: echoed types {[e.get('type') for e in echoes]} differ from those sent")
    if any(e.get("processed_at") is not None for e in echoes):
        probe.report.fail(SEND, f"{label}: echoed events must carry processed_at null")
    return echoes


def check_history(probe: Probe, session_id: str, after: str, streamed: list[dict[str, Any]]) -> None:
    """The history holds the streamed events right after ``after``, in the same order."""
    call = Call(LIST, {"session_id": session_id}, query=(("limit", "1000"), ("order", "asc")))
    body = probe.expect_ok(call)
    if not isinstance(body, dict):
        return
    ids = [e.get("id") for e in body.get("data", [])]
    if after not in ids:
        probe.report.fail(LIST, f"the sent event {after} is missing from the history")
        return
    start = ids.index(after) + 1
    expected = [e.get("id") for e in streamed]
    if ids[start : start + len(expected)] != expected:
        probe.report.fail(STREAM, f"streamed ids {expected} differ from the history after {after}")


def plain_turn(probe: Probe, session_id: str) -> Call:
    """A user turn followed on the stream to ``session.status_idle``; returns the send call."""
    events = [message("Hello from the Mango conformance suite")]
    echoes = send(probe, session_id, events, "valid request (user.message)")
    call = Call(SEND, {"session_id": session_id}, json_body={"events": events})
    if not echoes:
        return call
    sent_id = str(echoes[0]["id"])
    streamed = follow(probe, session_id, sent_id, _idle)
    if streamed is None:
        return call
    types = [e.get("type") for e in streamed]
    if "agent.message" not in types:
        probe.report.fail(STREAM, f"the turn ended without an agent.message; saw {types}")
    if not _finished(streamed[-1]):
        probe.report.fail(STREAM, f"a plain turn ended with stop_reason {streamed[-1].get('stop_reason')}")
    check_history(probe, session_id, sent_id, streamed)
    return call


def custom_tool_round_trip(probe: Probe, session_id: str) -> None:
    """The model calls the custom tool, the Session waits, the result resumes the turn to its end."""
    text = f'Use the tool.\n/tool {TOOL_NAME} {{"city": "Paris"}}'
    echoes = send(probe, session_id, [message(text)], "valid request (custom tool turn)")
    if not echoes:
        return
    streamed = follow(probe, session_id, str(echoes[0]["id"]), _idle)
    if streamed is None:
        return
    stop = streamed[-1].get("stop_reason") or {}
    uses = [e for e in streamed if e.get("type") == "agent.custom_tool_use"]
    if stop.get("type") != "requires_action" or not uses:
        probe.report.fail(STREAM, f"custom tool round trip: expected requires_action after a tool use, got {stop}")
        return
    waiting = list(stop.get("event_ids") or [])
    if sorted(waiting) != sorted(str(u.get("id")) for u in uses):
        probe.report.fail(STREAM, f"requires_action event_ids {waiting} differ from the tool uses streamed")
    results = [
        {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use_id,
            "content": [{"type": "text", "text": "sunny"}],
        }
        for use_id in waiting
    ]
    answered = send(probe, session_id, results, "valid request (user.custom_tool_result)")
    if not answered:
        return
    resumed = follow(probe, session_id, str(answered[-1]["id"]), _finished)
    if resumed is not None and "agent.message" not in [e.get("type") for e in resumed]:
        probe.report.fail(STREAM, "custom tool round trip: the resumed turn ended without an agent.message")
    session = probe.expect_ok(Call("sessions.get", {"session_id": session_id}, label="valid request (after tools)"))
    if isinstance(session, dict) and session.get("status") != "idle":
        probe.report.fail("sessions.get", f"after the round trip the Session is {session.get('status')}, not idle")


AUTO_TOOLSET = {
    "type": "agent_toolset_20260401",
    "default_config": {"enabled": False},
    "configs": [
        {"name": "read", "enabled": True, "permission_policy": {"type": "auto"}},
        {"name": "bash", "enabled": True, "permission_policy": {"type": "auto"}},
    ],
}


def auto_permission_turn(probe: Probe, session_id: str) -> None:
    """``auto`` records a verdict with a reason on each built-in call; a denial is a tool error, never run.

    Mango's offline model answers the evaluator deterministically (an input containing
    ``mango-auto:ask`` asks, ``mango-auto:deny`` is denied); on another model only the recorded
    shape is checked. No call is allowed, so no worker is needed: the asked call is denied.
    """
    text = '/tool read {"file_path": "mango-auto:ask"}\n/tool bash {"command": "echo mango-auto:deny"}'
    echoes = send(probe, session_id, [message(text)], "valid request (auto permission turn)")
    if not echoes:
        return
    streamed = follow(probe, session_id, str(echoes[0]["id"]), _idle)
    if streamed is None:
        return
    uses = [e for e in streamed if e.get("type") == "agent.tool_use"]
    if not uses:
        probe.report.fail(STREAM, "auto permission turn: the model called no built-in tool")
        return
    for use in uses:
        evaluation = use.get("evaluation") or {}
        if evaluation.get("decision") != use.get("evaluated_permission") or not evaluation.get("reason"):
            probe.report.fail(STREAM, f"auto permission turn: {use.get('name')} carries no matching evaluation")
    denied = {str(u.get("id")) for u in uses if u.get("evaluated_permission") == "deny"}
    results = {str(e.get("tool_use_id")): e for e in streamed if e.get("type") == "agent.tool_result"}
    for use_id in denied:
        if not (results.get(use_id) or {}).get("is_error"):
            probe.report.fail(STREAM, f"auto permission turn: denied call {use_id} has no error result")
    waiting = list((streamed[-1].get("stop_reason") or {}).get("event_ids") or [])
    if denied & set(waiting):
        probe.report.fail(STREAM, "auto permission turn: a denied call is still awaited")
    if waiting:  # close the barrier so the Session ends idle: the asked or allowed calls get results
        results_out = [
            {"type": "user.tool_confirmation", "tool_use_id": i, "result": "deny"}
            for i in waiting
            if next((u for u in uses if u.get("id") == i), {}).get("evaluated_permission") == "ask"
        ]
        if results_out:  # a confirmation is processed on admission, so ``send``'s echo check does not apply
            body = {"events": results_out}
            probe.expect_ok(Call(SEND, {"session_id": session_id}, json_body=body, label="valid request (deny asked)"))


def wait_for_child(probe: Probe, session_id: str, timeout: float = 60.0) -> str | None:
    """Wait until a delegated child Thread has reported; returns its id (recorded when it never does)."""
    call = Call("sessions.threads.list", {"session_id": session_id}, query=(("limit", "5"),), label="delegated")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = probe.send(call)
        threads = response.json().get("data", []) if response.status_code == 200 else []
        children = [t for t in threads if t.get("parent_thread_id")]
        if children and children[0].get("status") == "idle" and children[0].get("stop_reason"):
            return str(children[0]["id"])
        time.sleep(0.2)
    probe.report.fail("sessions.threads.list", "a delegated child Thread never appeared or never went idle")
    return None
