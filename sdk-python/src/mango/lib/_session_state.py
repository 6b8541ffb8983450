"""What the tool runner knows about one Session, folded from its events (history and stream).

Events are deduplicated by id. The state tracks local tool calls still waiting for a result,
results and confirmations already recorded, the latest status event and whether the Session
ended. It decides which call may run next (``allow``; ``ask`` once confirmed) and when an idle
Session has been quiet long enough.

Lifecycle: one ``SessionState`` per ``SessionToolRunner`` run, fed event by event. Not
responsible for I/O, executing tools or posting results.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ._tool import ToolResult
from ._tool_results import ExpectedFile

__all__ = ["DispatchedToolCall", "Event", "RunnerExit", "SessionState", "as_event"]

log = logging.getLogger(__name__)

Event = dict[str, Any]
_STATUS_EVENTS = frozenset({"session.status_idle", "session.status_running", "session.status_rescheduled"})


class RunnerExit(StrEnum):
    """Why ``SessionToolRunner.run`` returned."""

    TERMINATED = "terminated"
    DELETED = "deleted"
    IDLE = "idle"


@dataclass
class DispatchedToolCall:
    """One local tool call the runner handled (for observability).

    Attributes:
        tool_use_id: the ``agent.tool_use`` event id (the idempotency key of the result).
        name: the tool name.
        input: the tool input.
        session_thread_id: the thread of the call, copied onto the result.
        confirmation: ``allow``/``deny`` when the call needed approval, else ``None``.
        result: what the tool returned (``None`` when it did not run).
        posted: whether this runner's ``user.tool_result`` was committed (or found committed).
        journal: the answer to recording its start (``sessions.tool_calls.start``): ``started`` (it ran),
            ``ambiguous`` (an earlier worker had started it; Mango answered it, it did not run),
            ``conflict`` (already started or answered; it did not run), ``refused`` (the start was refused,
            an error result was posted instead); ``None`` for a read-only tool (no start recorded).
    """

    tool_use_id: str
    name: str
    input: dict[str, Any]
    session_thread_id: str | None = None
    confirmation: str | None = None
    result: ToolResult | None = None
    posted: bool = False
    journal: str | None = None
    event: Event = field(default_factory=dict, repr=False)

    @property
    def is_error(self) -> bool:
        """Whether the result reports a failure."""
        return self.result is not None and self.result.is_error

    @classmethod
    def from_event(cls, event: Event, confirmation: str | None = None) -> DispatchedToolCall:
        raw_input = event.get("input")
        thread = event.get("session_thread_id")
        return cls(
            tool_use_id=str(event["id"]),
            name=str(event.get("name")),
            input=dict(raw_input) if isinstance(raw_input, dict) else {},
            session_thread_id=thread if isinstance(thread, str) else None,
            confirmation=confirmation,
            event=event,
        )


def as_event(value: object) -> Event:
    """A decoded event (attrs model or raw dict) as a plain JSON dict."""
    if isinstance(value, dict):
        return value
    to_dict = getattr(value, "to_dict", None)
    return dict(to_dict()) if callable(to_dict) else {}


class SessionState:
    """The folded view of one Session's events for the tool runner."""

    def __init__(self, session_id: str, tool_names: Collection[str]) -> None:
        self.session_id = session_id
        self.tool_names = frozenset(tool_names)
        self.ended: RunnerExit | None = None
        self.last_event_at = time.monotonic()
        self._seen: set[str] = set()
        self._pending: dict[str, Event] = {}
        self._answered: set[str] = set()
        self._confirmations: dict[str, str] = {}
        self._status: Event = {}
        self._ignored_names: set[str] = set()
        #: Files of large MCP results, in event order (downloaded before local dispatch).
        self.result_files: list[str] = []
        #: What each result File must be (size, SHA-256) when the event says so; checked after download.
        self.result_checks: dict[str, ExpectedFile] = {}

    def ingest(self, event: Event) -> None:
        """Fold one event in; an event id seen before (history/stream overlap) is ignored."""
        event_id, kind = event.get("id"), event.get("type")
        if not isinstance(event_id, str) or not event_id or event_id in self._seen:
            return
        self._seen.add(event_id)
        self.last_event_at = time.monotonic()
        if kind == "agent.tool_use":
            self._add_call(event_id, event)
        elif kind in ("user.tool_result", "agent.tool_result"):
            # agent.tool_result: Mango answered the call itself (``outcome: ambiguous`` after a reclaim).
            self.answered(str(event.get("tool_use_id")))
        elif kind == "agent.mcp_tool_result" and isinstance(event.get("file_id"), str):
            file_id = str(event["file_id"])
            self.result_files.append(file_id)
            size, digest = event.get("file_size_bytes"), event.get("file_sha256")
            if isinstance(size, int) and isinstance(digest, str):
                self.result_checks[file_id] = ExpectedFile(size, digest)
        elif kind == "user.tool_confirmation":
            self._confirmations[str(event.get("tool_use_id"))] = str(event.get("result"))
        elif kind in _STATUS_EVENTS:
            self._status = event
        elif kind == "session.status_terminated":
            self.ended = RunnerExit.TERMINATED
        elif kind == "session.deleted":
            self.ended = RunnerExit.DELETED

    def answered(self, tool_use_id: str) -> None:
        """Record that ``tool_use_id`` has a result; it will never run again."""
        self._answered.add(tool_use_id)
        self._pending.pop(tool_use_id, None)

    def _add_call(self, event_id: str, event: Event) -> None:
        name = event.get("name")
        if not isinstance(name, str) or name not in self.tool_names:
            if str(name) not in self._ignored_names:
                self._ignored_names.add(str(name))
                log.info("tool use left for another owner session_id=%s name=%s", self.session_id, name)
            return
        if event.get("evaluated_permission") == "deny":
            return  # denied by the server (``auto``): it already gave the model an error result
        if event_id not in self._answered:
            self._pending[event_id] = event

    def next_ready(self, skipped: Callable[[DispatchedToolCall], None]) -> DispatchedToolCall | None:
        """The first pending call allowed to run; denied calls are dropped and passed to ``skipped``."""
        for tool_use_id, event in list(self._pending.items()):
            permission = event.get("evaluated_permission")
            if permission == "allow":
                return DispatchedToolCall.from_event(event)
            if permission != "ask":
                continue  # deny, or a policy this SDK does not know: never run it
            decision = self._confirmations.get(tool_use_id)
            if decision == "allow":
                return DispatchedToolCall.from_event(event, "allow")
            if decision is not None:
                del self._pending[tool_use_id]
                log.info("tool use denied session_id=%s tool_use_id=%s", self.session_id, tool_use_id)
                skipped(DispatchedToolCall.from_event(event, decision))
        return None

    def idle_timeout(self, max_idle: float | None) -> float | None:
        """Seconds left before an idle (not ``requires_action``) Session counts as finished; None: not idle."""
        if max_idle is None or max_idle <= 0 or self._status.get("type") != "session.status_idle":
            return None
        stop_reason = self._status.get("stop_reason")
        if isinstance(stop_reason, dict) and stop_reason.get("type") == "requires_action":
            return None
        return max_idle - (time.monotonic() - self.last_event_at)
