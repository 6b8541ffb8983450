"""``mango connect SESSION_ID``: join a running Session from a terminal.

Opens the live stream BEFORE reading the paginated history, prints both de-duplicated by event
id, and reads lines from stdin: plain text is sent as a ``user.message``; ``/allow [sevt_id]`` and
``/deny [sevt_id] [reason]`` answer tool calls waiting for approval (the oldest one when no id is
given); ``/interrupt`` interrupts the Session; ``/quit`` or Ctrl+C detaches WITHOUT interrupting
anything. Writes are never retried automatically. Uses the public Python SDK only.

Pending calls follow the server: each ``session.status_idle`` (or a child's
``session.thread_status_idle``) with ``requires_action`` is the list of calls still owed, and any
other status drops that Thread's calls (a running turn's interrupt cancels them). After the history
and after every live idle event the calls still owed are listed with how to answer them, so an idle
interrupt, which keeps the barrier, shows them again.

Multi-agent Sessions: child Thread activity in the primary stream (delegations, reports, Thread
status, cross-posted approvals) is prefixed with ``[thread <id>]``, and ``/allow`` / ``/deny`` of a
child's call echo that call's ``session_thread_id`` so it is routed to the child.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterable, Mapping
from typing import Protocol, TextIO, TypeAlias

from mango import Mango, MangoError

PREVIEW = 300
_TOOL_USES = ("agent.tool_use", "agent.custom_tool_use", "agent.mcp_tool_use")
_ANSWERS = {
    "user.tool_confirmation": "tool_use_id",
    "user.tool_result": "tool_use_id",
    "user.custom_tool_result": "custom_tool_use_id",
}


class _Model(Protocol):
    """An SDK event model."""

    def to_dict(self) -> Mapping[str, object]: ...


Event: TypeAlias = Mapping[str, object]
"""An event as its JSON object (an SDK model's ``to_dict()``, or the raw object of an unknown type)."""


def _as_dict(event: _Model | Event) -> Event:
    return dict(event) if isinstance(event, Mapping) else dict(event.to_dict())


def _object(event: Event, key: str) -> Event:
    value = event.get(key)
    return value if isinstance(value, Mapping) else {}


def _text(content: object) -> str:
    if not isinstance(content, list):
        return ""
    return "".join(str(block.get("text", "")) for block in content if isinstance(block, Mapping))


def describe(event: Event, primary_thread_id: str | None = None) -> str | None:
    """One terminal line for an event (``None`` for events not worth a line); child activity is prefixed."""
    line = _describe(event)
    thread = event.get("session_thread_id")
    if line and thread and primary_thread_id and thread != primary_thread_id:
        return f"[thread {thread}] {line}"
    return line


def _describe(event: Event) -> str | None:
    kind = str(event.get("type", "?"))
    if kind == "agent.thread_message_sent":
        target = event.get("to_agent_name") or event.get("to_session_thread_id")
        return f"agent -> {target} ({event.get('to_session_thread_id')}): {_text(event.get('content'))[:PREVIEW]}"
    if kind == "agent.thread_message_received":
        source = event.get("from_agent_name") or event.get("from_session_thread_id")
        return f"{source} ({event.get('from_session_thread_id')}) -> agent: {_text(event.get('content'))[:PREVIEW]}"
    if kind == "session.thread_created":
        return f"-- thread created for {event.get('agent_name')}"
    if kind.startswith("session.thread_status_"):
        stop = _object(event, "stop_reason").get("type")
        return f"-- {event.get('agent_name')} {kind.removeprefix('session.thread_status_')}" + (
            f" ({stop})" if stop else ""
        )
    if kind in ("user.message", "agent.message"):
        who = "you" if kind == "user.message" else "agent"
        return f"{who}: {_text(event.get('content'))}"
    if kind in ("agent.tool_use", "agent.custom_tool_use", "agent.mcp_tool_use"):
        line = f"[{kind}] {event.get('name')} {str(event.get('input'))[:PREVIEW]}  id={event.get('id')}"
        if event.get("evaluated_permission") == "ask":
            line += "  (needs approval: /allow or /deny)"
        return line
    if kind in ("user.tool_result", "user.custom_tool_result", "agent.tool_result", "agent.mcp_tool_result"):
        # ambiguous: the call was started but its executor stopped before a result; it was not run again.
        ambiguous = " ambiguous: outcome unknown, not run again" if event.get("outcome") == "ambiguous" else ""
        return f"[{kind}{ambiguous}] {_text(event.get('content'))[:PREVIEW]}"
    if kind == "session.status_idle":
        stop = _object(event, "stop_reason")
        waiting = stop.get("event_ids")
        ids = ", ".join(str(i) for i in waiting) if isinstance(waiting, list) else ""
        extra = f" waiting for {ids}" if stop.get("type") == "requires_action" else ""
        return f"-- idle ({stop.get('type')}){extra}"
    if kind == "session.error":
        error = _object(event, "error")
        return f"!! {error.get('type')}: {error.get('message')} ({_object(error, 'retry_status').get('type')})"
    if kind.startswith("session.status_"):
        return f"-- {kind.removeprefix('session.status_')}"
    if kind == "user.tool_confirmation":
        return f"[approval] {event.get('result')} {event.get('tool_use_id')}"
    if kind in ("session.deleted", "user.interrupt"):
        return f"-- {kind}"
    return None


class Connection:
    """Shared state between the stream printer and the input loop."""

    def __init__(self, client: Mango, session_id: str, out: TextIO) -> None:
        self.client = client
        self.session_id = session_id
        self.out = out
        self.seen: set[str] = set()
        self.pending_approvals: list[str] = []
        self.thread_of: dict[str, str] = {}  # a pending call's Thread, echoed on its confirmation
        self.primary_thread_id: str | None = None
        self.calls: dict[str, Event] = {}  # tool calls seen, by event id
        self.owed: dict[str, list[str]] = {}  # per Thread ("" the primary): the calls its latest idle waits on
        self.live = False  # the history has been shown; idle events now list what is owed
        self.lock = threading.Lock()
        self.ended = threading.Event()

    def show(self, raw: _Model | Event) -> None:
        event = _as_dict(raw)
        with self.lock:
            event_id = event.get("id")
            if event_id in self.seen:
                return
            if event_id:
                self.seen.add(str(event_id))
            if (
                event.get("type") in ("agent.tool_use", "agent.mcp_tool_use")
                and event.get("evaluated_permission") == "ask"
            ):
                self.pending_approvals.append(str(event_id))
                thread = event.get("session_thread_id")
                if thread and thread != self.primary_thread_id:
                    self.thread_of[str(event_id)] = str(thread)
            answered = str(event.get("tool_use_id"))
            if event.get("type") == "user.tool_confirmation" and answered in self.pending_approvals:
                self.pending_approvals.remove(answered)
            thread = self._track(event)
            line = describe(event, self.primary_thread_id)
            if line:
                print(line, file=self.out, flush=True)
            if thread is not None and self.live:
                self._print_owed(thread)
            if event.get("type") == "session.deleted":
                self.ended.set()

    def _track(self, event: Event) -> str | None:
        """Follow what the server waits on; returns the Thread key of a status event (None otherwise)."""
        kind = str(event.get("type", ""))
        if kind in _TOOL_USES:
            self.calls[str(event.get("id"))] = event
        if kind in _ANSWERS:
            answered = str(event.get(_ANSWERS[kind]))
            for key, owed in self.owed.items():
                self.owed[key] = [i for i in owed if i != answered]
            return None
        if kind.startswith("session.thread_status_"):
            key = str(event.get("session_thread_id"))
        elif kind.startswith("session.status_"):
            key = ""
        else:
            return None
        stop = _object(event, "stop_reason")
        waiting = stop.get("event_ids") if kind.endswith("_idle") and stop.get("type") == "requires_action" else None
        owed = [str(i) for i in waiting] if isinstance(waiting, list) else []
        self.owed[key] = owed
        # An approval this Thread no longer waits on was cancelled (a running turn's interrupt) or settled.
        self.pending_approvals = [a for a in self.pending_approvals if self.thread_of.get(a, "") != key or a in owed]
        return key

    def _print_owed(self, key: str) -> None:
        for event_id in self.owed.get(key, []):
            call = self.calls.get(event_id, {})
            if call.get("evaluated_permission") == "ask":
                how = "needs approval: /allow or /deny"
            elif call.get("type") == "agent.custom_tool_use":
                how = "a custom tool: your application sends its result"
            else:
                how = "waiting for its result"
            prefix = f"[thread {key}] " if key else ""
            print(f"{prefix}   pending: {call.get('name', '?')} id={event_id} ({how})", file=self.out, flush=True)

    def print_pending(self) -> None:
        """List every call still owed (after the history), then list them after every live idle event."""
        with self.lock:
            for key in list(self.owed):
                self._print_owed(key)
            self.live = True

    def send(self, events: list[Event]) -> None:
        try:
            self.client.sessions.events.send(self.session_id, events=events)
        except MangoError as exc:
            print(f"!! not sent: {exc}", file=self.out, flush=True)

    def command(self, line: str) -> bool:
        """Handle one input line; ``False`` means detach."""
        words = line.split()
        if not words:
            return True
        if words[0] == "/quit":
            return False
        if words[0] == "/interrupt":
            self.send([{"type": "user.interrupt"}])
        elif words[0] in ("/allow", "/deny"):
            rest = line.split(maxsplit=1)[1] if len(words) > 1 else ""
            target: str | None = None
            if rest.startswith("sevt_"):
                target, _, rest = rest.partition(" ")
            with self.lock:
                target = target or (self.pending_approvals[0] if self.pending_approvals else None)
            if target is None:
                print("!! no tool call is waiting for approval", file=self.out, flush=True)
                return True
            confirmation: dict[str, str] = {
                "type": "user.tool_confirmation",
                "tool_use_id": target,
                "result": "allow" if words[0] == "/allow" else "deny",
            }
            if words[0] == "/deny" and rest.strip():
                confirmation["deny_message"] = rest.strip()
            if target in self.thread_of:
                confirmation["session_thread_id"] = self.thread_of[target]
            self.send([confirmation])
        else:
            self.send([{"type": "user.message", "content": [{"type": "text", "text": line}]}])
        return True


def _follow(conn: Connection, stream: Iterable[_Model | Event]) -> None:
    try:
        for event in stream:
            conn.show(event)
            if conn.ended.is_set():
                return
    except MangoError as exc:
        print(f"!! stream ended: {exc}", file=conn.out, flush=True)
    finally:
        conn.ended.set()


def run_connect(session_id: str, *, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Attach to a Session until /quit, Ctrl+C, end of input or the Session's deletion."""
    with Mango() as client:
        stream = client.sessions.events.stream(session_id).open()
        conn = Connection(client, session_id, out)
        primary = [t for t in client.sessions.threads.list(session_id, limit=100) if t.parent_thread_id is None]
        conn.primary_thread_id = primary[0].id if primary else None
        for event in client.sessions.events.list(session_id, limit=1000):
            conn.show(event)
        conn.print_pending()
        print(f"connected to {session_id}; type a message, /allow, /deny, /interrupt or /quit", file=out, flush=True)
        follower = threading.Thread(target=_follow, args=(conn, stream), daemon=True)
        follower.start()
        try:
            for line in stdin:
                if conn.ended.is_set() or not conn.command(line.strip()):
                    break
        except KeyboardInterrupt:
            pass
        finally:
            stream.close()
        print("detached (the Session keeps running)", file=out, flush=True)
    return 0
