"""A bounded kill -9 soak: turns with custom tools and SSE followers while api and orchestrator die.

Several Sessions run turns concurrently through the Python SDK (every send carries an
``Idempotency-Key`` and is retried across crashes); half the turns call a custom tool and are
answered with ``user.custom_tool_result``. Each Session has an SSE follower that resumes with
``Last-Event-ID`` after every dropped connection. Meanwhile a killer SIGKILLs the api or the
orchestrator at random (seeded) moments and restarts it. At the end every Session's history must
hold each sent message exactly once and in order, each answered by exactly one agent reply in
order, every tool use answered once, and each follower must have seen exactly the history: no
duplicate and no missing event across its resumes. Bounded by turns, kills and a wall-clock limit;
stops by itself.

    .venv/bin/python bench/soak.py --sessions 6 --turns 300 --kills 30 --seed 7

``run`` is also called by ``server/tests/integration/test_soak.py`` with a small count.
Not responsible for measuring latency (``bench/turn_overhead.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import mango
from httpx_sse import SSEError, connect_sse
from mango_server.devstack import DevStack, Platform, Tenant

TOOL = {
    "type": "custom",
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}
ROLES = ("api", "orchestrator")


@dataclass
class SoakResult:
    """What a soak did and every broken property it found (``problems`` empty means it held)."""

    sessions: int
    turns: int = 0
    tool_turns: int = 0
    kills: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    stream_reconnects: int = 0
    events_checked: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


class Follower(threading.Thread):
    """Follows one Session's stream, resuming after every drop from the last event id it saw."""

    def __init__(self, base_url: str, api_key: str, session_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True, name=f"follow-{session_id}")
        self.base_url, self.api_key, self.session_id, self.stop = base_url, api_key, session_id, stop
        self.events: list[dict[str, Any]] = []
        self.cond = threading.Condition()
        self.connected = threading.Event()
        self.reconnects = 0  # attempts after the first connection, refused ones included

    def run(self) -> None:
        headers = {"authorization": f"Bearer {self.api_key}"}
        timeout = httpx.Timeout(10.0, connect=2.0)
        while not self.stop.is_set():
            # a dropped or refused connection ends the attempt; the loop resumes from the last event
            with (
                httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout) as http,
                contextlib.suppress(httpx.HTTPError, SSEError, ValueError),
            ):
                self._read(http)
            if self.connected.is_set():
                self.reconnects += 1
            self.stop.wait(0.2)

    def _read(self, http: httpx.Client) -> None:
        with self.cond:
            last = self.events[-1]["id"] if self.events else None
        resume = {"last-event-id": last} if last else {}
        path = f"/v1/sessions/{self.session_id}/events/stream"
        with connect_sse(http, "GET", path, headers=resume) as source:
            if source.response.status_code != 200:
                return
            self.connected.set()
            for sse in source.iter_sse():
                if self.stop.is_set() or sse.event == "error":
                    return
                if sse.event != "ping":
                    with self.cond:
                        self.events.append(json.loads(sse.data))
                        self.cond.notify_all()

    def wait_idle_after(self, event_id: str, stops: tuple[str, ...], timeout: float) -> dict[str, Any]:
        """The first ``session.status_idle`` with one of ``stops`` after ``event_id``."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                found = self._idle_after(event_id, stops)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{self.session_id}: no idle {stops} after {event_id} in {timeout:.0f}s")
                self.cond.wait(left)

    def _idle_after(self, event_id: str, stops: tuple[str, ...]) -> dict[str, Any] | None:
        ids = [e["id"] for e in self.events]
        if event_id not in ids:
            return None
        for event in self.events[ids.index(event_id) + 1 :]:
            if event["type"] == "session.status_idle" and (event.get("stop_reason") or {}).get("type") in stops:
                return event
        return None


class Progress:
    """How many turns have started, for the killer to spread its kills across the run."""

    def __init__(self) -> None:
        self.started = 0
        self.cond = threading.Condition()

    def turn_started(self) -> None:
        with self.cond:
            self.started += 1
            self.cond.notify_all()

    def wait_for(self, count: int, done: threading.Event) -> bool:
        """Wait until ``count`` turns started; false once the run is over."""
        with self.cond:
            while self.started < count and not done.is_set():
                self.cond.wait(0.2)
        return not done.is_set()


@dataclass
class Driver:
    """Runs one Session's turns and remembers what it sent and expects back."""

    sdk: mango.Mango
    session_id: str
    follower: Follower
    turns: int
    rng: random.Random
    deadline: float
    progress: Progress
    sent: list[str] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    tool_turns: int = 0
    error: str | None = None

    def run(self) -> None:
        try:
            for turn in range(self.turns):
                if time.monotonic() > self.deadline:
                    return
                self.progress.turn_started()
                self._turn(f"{self.session_id[-6:]}-t{turn}", self.rng.random() < 0.5)
        except Exception as exc:  # recorded as a problem of the soak
            self.error = f"{self.session_id}: {type(exc).__name__}: {exc}"

    def _turn(self, marker: str, tool: bool) -> None:
        text = f'/tool get_weather {{"city": "{marker}"}}' if tool else f"/text reply {marker}"
        message = {"type": "user.message", "content": [{"type": "text", "text": text}]}
        sent = self.sdk.sessions.events.send(self.session_id, events=[message])
        self.sent.append(text)
        self.replies.append(f"sunny in {marker}" if tool else f"reply {marker}")
        idle = self.follower.wait_idle_after(sent.data[0].id, ("end_turn", "requires_action"), 120)
        if not tool:
            return
        self.tool_turns += 1
        waiting = (idle.get("stop_reason") or {}).get("event_ids") or []
        results = [
            {
                "type": "user.custom_tool_result",
                "custom_tool_use_id": use_id,
                "content": [{"type": "text", "text": f"sunny in {marker}"}],
            }
            for use_id in waiting
        ]
        answered = self.sdk.sessions.events.send(self.session_id, events=results)
        self.follower.wait_idle_after(answered.data[-1].id, ("end_turn",), 120)


@dataclass
class Killer:
    """SIGKILLs a random role after every ``turns / (kills + 1)`` started turns (plus a random delay)."""

    platform: Platform
    rng: random.Random
    kills: int
    turns: int
    progress: Progress
    done: threading.Event
    result: SoakResult

    def run(self) -> None:
        roles = [ROLES[i % 2] for i in range(self.kills)]  # both roles, in a seeded order
        self.rng.shuffle(roles)
        for index, role in enumerate(roles):
            if not self.progress.wait_for(self.turns * (index + 1) // (self.kills + 1), self.done):
                return
            time.sleep(self.rng.uniform(0.0, 0.4))  # somewhere inside a turn: admission, model call, tool wait
            _kill_and_restart(self.platform, role, self.rng)
            self.result.kills[role] += 1


def _kill_and_restart(platform: Platform, role: str, rng: random.Random) -> None:
    platform.kill_role(role)
    time.sleep(rng.uniform(0.1, 1.0))
    platform.start_role(role)
    if role == "api":
        platform.wait_ready(60)


def _history(http: httpx.Client, session_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    page: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 1000, "order": "asc", **({"page": page} if page else {})}
        body = http.get(f"/v1/sessions/{session_id}/events", params=params).raise_for_status().json()
        events.extend(body["data"])
        page = body["next_page"]
        if not page:
            return events


def _text(event: dict[str, Any]) -> str:
    return "".join(block.get("text", "") for block in event.get("content") or [] if isinstance(block, dict))


def check_session(driver: Driver, history: list[dict[str, Any]]) -> list[str]:
    """Every property the soak promises, for one Session; returns what broke."""
    sid = driver.session_id
    problems: list[str] = []
    ids = [e["id"] for e in history]
    if len(ids) != len(set(ids)):
        problems.append(f"{sid}: the history holds a duplicated event id")
    sent = [_text(e) for e in history if e["type"] == "user.message"]
    if sent != driver.sent:
        problems.append(f"{sid}: sent messages {driver.sent} but the history holds {sent}")
    replies = [_text(e) for e in history if e["type"] == "agent.message"]
    pairs = zip(driver.replies, replies, strict=False)
    in_order = len(replies) == len(driver.replies) and all(want in got for want, got in pairs)
    if not in_order:
        problems.append(f"{sid}: expected one reply per message in order {driver.replies}, got {replies}")
    uses = sum(e["type"] == "agent.custom_tool_use" for e in history)
    results = sum(e["type"] == "user.custom_tool_result" for e in history)
    if not uses == results == driver.tool_turns:
        problems.append(f"{sid}: {driver.tool_turns} tool turns, {uses} tool uses, {results} results")
    if history and driver.replies and history[-1]["type"] != "session.status_idle":
        problems.append(f"{sid}: the history does not end idle ({history[-1]['type']})")
    problems += _check_follower(driver.follower, ids)
    return problems


def _check_follower(follower: Follower, ids: list[str]) -> list[str]:
    deadline = time.monotonic() + 20
    with follower.cond:  # let the follower catch up with the end of the history
        while (not follower.events or follower.events[-1]["id"] != ids[-1]) and time.monotonic() < deadline:
            follower.cond.wait(0.2)
        seen = [e["id"] for e in follower.events]
    if not seen:
        return [] if not ids else [f"{follower.session_id}: the follower saw nothing"]
    if len(seen) != len(set(seen)):
        return [f"{follower.session_id}: the follower saw a duplicated event"]
    start = ids.index(seen[0]) if seen[0] in ids else -1
    if start < 0 or ids[start:] != seen:
        return [f"{follower.session_id}: the follower's {len(seen)} events differ from the history (gap or extra)"]
    return []


def run(
    platform: Platform,
    tenant: Tenant,
    *,
    sessions: int,
    turns: int,
    kills: int,
    seed: int,
    max_seconds: float,
) -> SoakResult:
    """Soak ``platform`` (whose roles it kills and restarts); ``turns`` in total across ``sessions``."""
    started = time.monotonic()
    result = SoakResult(sessions=sessions)
    rng = random.Random(seed)
    policy = mango.RetryPolicy(max_retries=60, base_delay=0.1, max_delay=1.0)
    sdk = mango.Mango(base_url=platform.base_url, api_key=tenant.api_key, retry_policy=policy, timeout=30.0)
    stop, done = threading.Event(), threading.Event()
    try:
        agent = sdk.agents.create(name="soak", model="mango-offline-1", tools=[TOOL])
        env = sdk.environments.create(name=f"soak-{time.monotonic_ns()}")
        drivers = []
        progress = Progress()
        for index in range(sessions):
            session = sdk.sessions.create(agent=agent.id, environment_id=env.id)
            follower = Follower(platform.base_url, tenant.api_key, session.id, stop)
            follower.start()
            if not follower.connected.wait(30):
                raise RuntimeError(f"the follower of {session.id} never connected")
            share = turns // sessions + (1 if index < turns % sessions else 0)
            deadline = started + max_seconds
            drivers.append(Driver(sdk, session.id, follower, share, random.Random(rng.random()), deadline, progress))
        killer = threading.Thread(
            target=Killer(platform, random.Random(seed + 1), kills, turns, progress, done, result).run
        )
        threads = [threading.Thread(target=d.run, name=f"drive-{d.session_id}") for d in drivers]
        killer.start()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done.set()
        killer.join()
        _ensure_running(platform)
        with httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}) as http:
            for driver in drivers:
                if driver.error:
                    result.problems.append(driver.error)
                history = _history(http, driver.session_id)
                result.events_checked += len(history)
                result.problems += check_session(driver, history)
        result.turns = sum(len(d.replies) for d in drivers)
        result.tool_turns = sum(d.tool_turns for d in drivers)
        result.stream_reconnects = sum(d.follower.reconnects for d in drivers)
    finally:
        stop.set()
        done.set()
        sdk.close()
    result.seconds = round(time.monotonic() - started, 1)
    return result


def _ensure_running(platform: Platform) -> None:
    for role in ROLES:
        if role not in platform.processes or platform.processes[role].poll() is not None:
            platform.processes.pop(role, None)
            platform.start_role(role)
    platform.wait_ready(60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=6)
    parser.add_argument("--turns", type=int, default=300, help="turns in total across the Sessions")
    parser.add_argument("--kills", type=int, default=30, help="SIGKILLs of api or orchestrator at most")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-seconds", type=float, default=1200.0, help="no new turn starts after this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mango-soak-") as tmp, DevStack(Path(tmp) / "stack", "free") as stack:
        running = Platform(stack, Path(tmp) / "logs").start()
        try:
            tenant = running.create_tenant("soak")
            result = run(
                running,
                tenant,
                sessions=args.sessions,
                turns=args.turns,
                kills=args.kills,
                seed=args.seed,
                max_seconds=args.max_seconds,
            )
        finally:
            running.stop()
    print(json.dumps(asdict(result), indent=2))
    raise SystemExit(1 if result.problems or not result.turns else 0)


if __name__ == "__main__":
    main()
