"""A bounded kill -9 soak: custom tools, approvals and worker-run ``bash`` while api, orchestrator and worker die.

Several Sessions run turns concurrently through the Python SDK (every send carries an
``Idempotency-Key`` and is retried across crashes). A turn is a plain reply, a custom tool call
answered with ``user.custom_tool_result``, or a ``bash`` call under ``always_ask``: the soak
approves it with ``user.tool_confirmation`` and a Python worker kit process (``bench/_soak_worker.py``,
one per Session, each Session with an Environment and a workspace of its own) runs it. Every
``bash`` command appends a line unique to its turn to ``runs.txt`` in the workspace, so the file
counts the executions. Each Session has an SSE follower that resumes with ``Last-Event-ID`` after
every dropped connection. Meanwhile a killer SIGKILLs the api, the orchestrator or a worker (with
its shell) at seeded random moments and restarts it.

At the end every Session's history must hold each sent message exactly once and in order, each
answered by exactly one agent reply in order, every tool use and approval once and every call
answered once; each follower must have seen exactly the history; no ``bash`` line may be in a
workspace twice, a call answered with the worker's result must have run exactly once, and a call
the journal answered ``ambiguous`` (its worker died after ``started``) at most once; every Session
must end idle. Bounded by turns, kills and a wall-clock limit; stops by itself and prints a table
of figures.

    .venv/bin/python bench/soak.py --sessions 6 --turns 300 --kills 100 --seed 7

``run`` is also called by ``server/tests/integration/test_soak.py`` with a small count.
Not responsible for measuring latency (``bench/turn_overhead.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import mango
from httpx_sse import SSEError, connect_sse
from mango_server.devstack import DevStack, Platform, Tenant

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _proc import children_of
from turn_overhead import model_path

TOOL = {
    "type": "custom",
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}
BASH = {"type": "agent_toolset_20260401", "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}]}
ROLES = ("api", "orchestrator", "worker")
# A role started on a loaded host may take well over a minute to import and listen: the SDK's retries, the
# waits for idle and the readiness wait after a restart all outlast that, so a slow restart is not a failure.
OUTAGE_SECONDS = 300.0
RUNS = "runs.txt"  # in each workspace: one line per bash execution
AMBIGUOUS = "stopped before it reported a result"  # the journal's answer to a call whose worker died
WORKER = Path(__file__).resolve().parent / "_soak_worker.py"
ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Check:
    """What the checks of one Session (or of the whole soak, summed) found."""

    problems: list[str] = field(default_factory=list)
    duplicates: int = 0  # events, messages, replies, tool uses, approvals or answers seen more than once
    lost: int = 0  # the same, missing
    executions: int = 0  # lines in the workspaces: bash calls that ran
    executed_twice: int = 0  # bash calls whose line is there more than once
    ambiguous: int = 0  # bash calls answered ambiguous by the journal
    ambiguous_ran: int = 0  # ... of which the line is there (the killed worker ran it before dying)

    def add(self, other: Check) -> None:
        self.problems += other.problems
        for name in ("duplicates", "lost", "executions", "executed_twice", "ambiguous", "ambiguous_ran"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class SoakResult:
    """What a soak did and every broken property it found (``problems`` empty means it held)."""

    sessions: int
    turns: int = 0
    tool_turns: int = 0
    bash_turns: int = 0
    kills: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    stream_reconnects: int = 0
    events_checked: int = 0
    sessions_idle: int = 0
    seconds: float = 0.0
    check: Check = field(default_factory=Check)

    @property
    def problems(self) -> list[str]:
        return self.check.problems

    def table(self) -> str:
        """The figures as a Markdown table (as docs/performance.md records them)."""
        c = self.check
        rows = [
            ("kills (api / orchestrator / worker)", " / ".join(str(self.kills[r]) for r in ROLES)),
            (
                "turns (custom tool / approved bash / plain)",
                f"{self.turns} ({self.tool_turns} / {self.bash_turns} / "
                f"{self.turns - self.tool_turns - self.bash_turns})",
            ),
            ("events checked", str(self.events_checked)),
            ("duplicated", str(c.duplicates)),
            ("lost", str(c.lost)),
            ("bash executions (lines written)", str(c.executions)),
            ("bash calls executed twice", str(c.executed_twice)),
            (
                "ambiguous (line present / absent)",
                f"{c.ambiguous} ({c.ambiguous_ran} / {c.ambiguous - c.ambiguous_ran})",
            ),
            ("Sessions idle at the end", f"{self.sessions_idle} of {self.sessions}"),
            ("stream reconnect attempts", str(self.stream_reconnects)),
            ("wall time (s)", str(self.seconds)),
            ("problems", str(len(self.problems))),
        ]
        return "\n".join(["| figure | value |", "|---|---|", *(f"| {name} | {value} |" for name, value in rows)])


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


def bash_command(marker: str) -> str:
    """A command that appends its turn's line (so the workspace counts its runs) and then takes a moment."""
    return f"echo {marker} >> {RUNS} && sleep 0.3 && echo ran {marker}"


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
    expected: list[tuple[str, ...]] = field(default_factory=list)  # per turn: the reply holds one of these
    tool_turns: int = 0
    bash_turns: int = 0
    in_bash: bool = False  # an approved bash call is being run: the killer's favourite moment for a worker
    error: str | None = None

    def run(self) -> None:
        try:
            for turn in range(self.turns):
                if time.monotonic() > self.deadline:
                    return
                self.progress.turn_started()
                kind = self.rng.choices(("text", "tool", "bash"), weights=(2, 4, 4))[0]
                self._turn(f"{self.session_id[-6:]}-t{turn}", kind)
        except Exception as exc:  # recorded as a problem of the soak
            self.error = f"{self.session_id}: {type(exc).__name__}: {exc}"

    def _turn(self, marker: str, kind: str) -> None:
        if kind == "tool":
            text, expect = f'/tool get_weather {{"city": "{marker}"}}', (f"sunny in {marker}",)
        elif kind == "bash":
            text, expect = "/tool bash " + json.dumps({"command": bash_command(marker)}), (f"ran {marker}", AMBIGUOUS)
        else:
            text, expect = f"/text reply {marker}", (f"reply {marker}",)
        message = {"type": "user.message", "content": [{"type": "text", "text": text}]}
        sent = self.sdk.sessions.events.send(self.session_id, events=[message])
        self.sent.append(text)
        self.expected.append(expect)
        self.tool_turns += kind == "tool"  # counted when sent: the history owes the tool use from now on
        self.bash_turns += kind == "bash"
        idle = self.follower.wait_idle_after(sent.data[0].id, ("end_turn", "requires_action"), OUTAGE_SECONDS + 120)
        if kind == "text":
            return
        waiting = (idle.get("stop_reason") or {}).get("event_ids") or []
        if not waiting:
            raise RuntimeError(f"{marker}: the {kind} turn ended without waiting for a tool result or an approval")
        if kind == "tool":
            answers = [
                {
                    "type": "user.custom_tool_result",
                    "custom_tool_use_id": use_id,
                    "content": [{"type": "text", "text": f"sunny in {marker}"}],
                }
                for use_id in waiting
            ]
        else:
            answers = [
                {"type": "user.tool_confirmation", "tool_use_id": use_id, "result": "allow"} for use_id in waiting
            ]
            self.in_bash = True
        try:
            answered = self.sdk.sessions.events.send(self.session_id, events=answers)
            self.follower.wait_idle_after(answered.data[-1].id, ("end_turn",), OUTAGE_SECONDS + 120)
        finally:
            self.in_bash = False


@dataclass
class Workers:
    """One worker kit process per Session (``bench/_soak_worker.py``), each with its own Environment and workspace."""

    base_url: str
    root: Path
    env: dict[str, str] = field(default_factory=dict)  # on top of this process's (the platform's PYTHONPATH)
    environments: list[tuple[str, str]] = field(default_factory=list)  # (Environment id, its key) per Session
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)

    def add(self, environment_id: str, key: str) -> int:
        self.environments.append((environment_id, key))
        index = len(self.environments) - 1
        self.workdir(index).mkdir(parents=True, exist_ok=True)
        self.start(index)
        return index

    def workdir(self, index: int) -> Path:
        return self.root / f"workspace-{index}"

    def runs(self, index: int) -> list[str]:
        path = self.workdir(index) / RUNS
        return path.read_text().splitlines() if path.exists() else []

    def start(self, index: int) -> None:
        environment_id, key = self.environments[index]
        with (self.root / f"worker-{index}.log").open("ab") as log:
            self.processes[index] = subprocess.Popen(
                [sys.executable, str(WORKER), self.base_url, environment_id, str(self.workdir(index))],
                env={**os.environ, **self.env, "MANGO_ENVIRONMENT_KEY": key},
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def kill(self, index: int) -> None:
        """SIGKILL the worker, then its shells (each in a process group of its own, as a container's death would)."""
        proc = self.processes.pop(index)
        shells = children_of(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        for shell in shells:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(shell, signal.SIGKILL)

    def ensure_running(self) -> None:
        for index in range(len(self.environments)):
            proc = self.processes.get(index)
            if proc is None or proc.poll() is not None:
                self.processes.pop(index, None)
                self.start(index)

    def stop(self) -> None:
        for index in list(self.processes):
            self.kill(index)


@dataclass
class Killer:
    """SIGKILLs a random role after every ``turns / (kills + 1)`` started turns (plus a random delay)."""

    platform: Platform
    workers: Workers
    drivers: list[Driver]
    rng: random.Random
    kills: int
    turns: int
    progress: Progress
    done: threading.Event
    result: SoakResult

    def run(self) -> None:
        try:
            self._run()
        except Exception as exc:  # a restart that never came back: recorded, and the drivers go on without kills
            self.result.problems.append(f"killer: {type(exc).__name__}: {exc}")

    def _run(self) -> None:
        # A stream resumes after the last event its client saw, and without Last-Event-ID it starts at the end of
        # history: a follower that has seen no event yet has no position to resume from, so no kill comes before
        # every follower saw one.
        while not all(driver.follower.events for driver in self.drivers):
            if self.done.wait(0.2):
                return
        roles = [ROLES[i % len(ROLES)] for i in range(self.kills)]  # every role, in a seeded order
        self.rng.shuffle(roles)
        for index, role in enumerate(roles):
            if not self.progress.wait_for(self.turns * (index + 1) // (self.kills + 1), self.done):
                return
            time.sleep(self.rng.uniform(0.0, 0.4))  # somewhere inside a turn: admission, model call, tool wait
            if role == "worker":
                self._kill_worker()
            else:
                _kill_and_restart(self.platform, role, self.rng)
            self.result.kills[role] += 1

    def _kill_worker(self) -> None:
        """Kill a worker whose Session has an approved bash call under way if there is one (mid-call), else any."""
        busy = [i for i, driver in enumerate(self.drivers) if driver.in_bash]
        index = self.rng.choice(busy or list(range(len(self.drivers))))
        self.workers.kill(index)
        time.sleep(self.rng.uniform(0.1, 1.0))
        self.workers.start(index)


def _kill_and_restart(platform: Platform, role: str, rng: random.Random) -> None:
    platform.kill_role(role)
    time.sleep(rng.uniform(0.1, 1.0))
    platform.start_role(role)
    if role == "api":
        platform.wait_ready(OUTAGE_SECONDS)


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


def check_session(driver: Driver, history: list[dict[str, Any]], runs: list[str]) -> Check:
    """Every property the soak promises, for one Session whose workspace holds ``runs``; what broke, counted."""
    sid = driver.session_id
    check = Check()
    ids = [e["id"] for e in history]
    if len(ids) != len(set(ids)):
        check.duplicates += len(ids) - len(set(ids))
        check.problems.append(f"{sid}: the history holds a duplicated event id")
    sent = [_text(e) for e in history if e["type"] == "user.message"]
    _count(check, sid, "sent message", Counter(sent), driver.sent)
    if sent != driver.sent:
        check.problems.append(f"{sid}: sent messages {driver.sent} but the history holds {sent}")
    replies = [_text(e) for e in history if e["type"] == "agent.message"]
    check.lost += max(0, len(driver.expected) - len(replies))
    check.duplicates += max(0, len(replies) - len(driver.expected))
    pairs = zip(driver.expected, replies, strict=False)
    in_order = len(replies) == len(driver.expected) and all(any(w in got for w in want) for want, got in pairs)
    if not in_order:
        check.problems.append(f"{sid}: expected one reply per message in order {driver.expected}, got {replies}")
    custom = [e["id"] for e in history if e["type"] == "agent.custom_tool_use"]
    _count(check, sid, "custom tool use", Counter(custom), custom, driver.tool_turns)
    results = Counter(e.get("custom_tool_use_id") for e in history if e["type"] == "user.custom_tool_result")
    _count(check, sid, "custom tool result", results, custom)
    bash = [e for e in history if e["type"] == "agent.tool_use" and e.get("name") == "bash"]
    _count(check, sid, "bash tool use", Counter(e["id"] for e in bash), [e["id"] for e in bash], driver.bash_turns)
    approvals = Counter(e.get("tool_use_id") for e in history if e["type"] == "user.tool_confirmation")
    _count(check, sid, "approval", approvals, [e["id"] for e in bash])
    answers: dict[str, list[dict[str, Any]]] = {}
    for event in history:
        if event["type"] in ("user.tool_result", "agent.tool_result"):
            answers.setdefault(str(event.get("tool_use_id")), []).append(event)
    _count(check, sid, "bash answer", Counter({k: len(v) for k, v in answers.items()}), [e["id"] for e in bash])
    _check_runs(check, sid, bash, answers, runs)
    if history and driver.expected and history[-1]["type"] != "session.status_idle":
        check.problems.append(f"{sid}: the history does not end idle ({history[-1]['type']})")
    check.add(_check_follower(driver.follower, ids))
    return check


def _count(
    check: Check, sid: str, what: str, found: Counter[Any], wanted: list[Any], expected: int | None = None
) -> None:
    """Each of ``wanted`` must be found once (and ``expected`` of them, when given); the rest is lost or duplicated."""
    for item in wanted:
        if found[item] == 0:
            check.lost += 1
            check.problems.append(f"{sid}: {what} {item} is missing")
        elif found[item] > 1:
            check.duplicates += found[item] - 1
            check.problems.append(f"{sid}: {what} {item} is there {found[item]} times")
    if expected is not None and len(wanted) != expected:
        check.lost += max(0, expected - len(wanted))
        check.duplicates += max(0, len(wanted) - expected)
        check.problems.append(f"{sid}: {expected} {what}s expected, the history holds {len(wanted)}")


def _check_runs(
    check: Check, sid: str, bash: list[dict[str, Any]], answers: dict[str, list[dict[str, Any]]], runs: list[str]
) -> None:
    """No bash line twice; a call answered by its worker ran once, one answered ``ambiguous`` at most once."""
    lines = Counter(runs)
    check.executions += len(runs)
    markers = set()
    for use in bash:
        words = str((use.get("input") or {}).get("command", "")).split()
        marker = words[1] if len(words) > 1 else ""
        markers.add(marker)
        ran = lines[marker]
        if ran > 1:
            check.executed_twice += 1
            check.problems.append(f"{sid}: bash call {use['id']} ran {ran} times")
        outcomes = [a.get("outcome") for a in answers.get(use["id"], [])]
        if "ambiguous" in outcomes:
            check.ambiguous += 1
            check.ambiguous_ran += min(ran, 1)
        elif outcomes and ran != 1:
            check.problems.append(f"{sid}: bash call {use['id']} was answered by its worker but ran {ran} times")
    stray = sorted(set(lines) - markers)
    if stray:
        check.problems.append(f"{sid}: the workspace holds lines of no bash call: {stray}")


def _check_follower(follower: Follower, ids: list[str]) -> Check:
    check = Check()
    deadline = time.monotonic() + 20
    with follower.cond:  # let the follower catch up with the end of the history
        while (not follower.events or follower.events[-1]["id"] != ids[-1]) and time.monotonic() < deadline:
            follower.cond.wait(0.2)
        seen = [e["id"] for e in follower.events]
    if not seen:
        if ids:
            check.lost += len(ids)
            check.problems.append(f"{follower.session_id}: the follower saw nothing")
        return check
    if len(seen) != len(set(seen)):
        check.duplicates += len(seen) - len(set(seen))
        check.problems.append(f"{follower.session_id}: the follower saw a duplicated event")
    start = ids.index(seen[0]) if seen[0] in ids else 0
    missing = set(ids[start:]) - set(seen)
    check.lost += len(missing)
    if ids[start:] != seen:
        check.problems.append(
            f"{follower.session_id}: the follower's {len(seen)} events differ from the history"
            f" ({len(missing)} missing, {len(set(seen) - set(ids))} not in it, or out of order)"
        )
    return check


def run(
    platform: Platform,
    tenant: Tenant,
    *,
    sessions: int,
    turns: int,
    kills: int,
    seed: int,
    max_seconds: float,
    workdir: Path,
    model: str = "mango-offline-1",
) -> SoakResult:
    """Soak ``platform`` (whose roles it kills and restarts); ``turns`` in total across ``sessions``.

    The workers' workspaces and logs go under ``workdir``.
    """
    started = time.monotonic()
    result = SoakResult(sessions=sessions)
    rng = random.Random(seed)
    policy = mango.RetryPolicy(max_retries=int(OUTAGE_SECONDS), base_delay=0.1, max_delay=1.0)
    sdk = mango.Mango(base_url=platform.base_url, api_key=tenant.api_key, retry_policy=policy, timeout=30.0)
    stop, done = threading.Event(), threading.Event()
    same_build = {k: v for k, v in platform.extra_env.items() if k == "PYTHONPATH"}  # the roles' sources
    workers = Workers(platform.base_url, workdir, same_build)
    try:
        agent = sdk.agents.create(name="soak", model=model, tools=[TOOL, BASH])
        drivers = []
        progress = Progress()
        for index in range(sessions):
            env = sdk.environments.create(name=f"soak-{index}-{time.monotonic_ns()}")
            workers.add(env.id, _environment_key(platform, tenant, env.id))
            session = sdk.sessions.create(agent=agent.id, environment_id=env.id)
            follower = Follower(platform.base_url, tenant.api_key, session.id, stop)
            follower.start()
            if not follower.connected.wait(30):
                raise RuntimeError(f"the follower of {session.id} never connected")
            share = turns // sessions + (1 if index < turns % sessions else 0)
            deadline = started + max_seconds
            drivers.append(Driver(sdk, session.id, follower, share, random.Random(rng.random()), deadline, progress))
        killer = Killer(platform, workers, drivers, random.Random(seed + 1), kills, turns, progress, done, result)
        killing = threading.Thread(target=killer.run, name="killer")
        threads = [threading.Thread(target=d.run, name=f"drive-{d.session_id}") for d in drivers]
        killing.start()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done.set()
        killing.join()
        _ensure_running(platform)
        workers.ensure_running()
        with httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}) as http:
            for index, driver in enumerate(drivers):
                if driver.error:
                    result.problems.append(driver.error)
                history = _history(http, driver.session_id)
                result.events_checked += len(history)
                result.check.add(check_session(driver, history, workers.runs(index)))
                status = http.get(f"/v1/sessions/{driver.session_id}").raise_for_status().json()["status"]
                result.sessions_idle += status == "idle"
                if status != "idle":
                    result.problems.append(f"{driver.session_id}: ends {status}, not idle")
        result.turns = sum(len(d.expected) for d in drivers)
        result.tool_turns = sum(d.tool_turns for d in drivers)
        result.bash_turns = sum(d.bash_turns for d in drivers)
        result.stream_reconnects = sum(d.follower.reconnects for d in drivers)
    finally:
        stop.set()
        done.set()
        sdk.close()
        workers.stop()
    result.seconds = round(time.monotonic() - started, 1)
    return result


def _environment_key(platform: Platform, tenant: Tenant, environment_id: str) -> str:
    """An Environment key, issued as the operator CLI issues one (the API never creates keys)."""
    import asyncpg
    from mango_server.store.credentials import create_environment_key

    async def issue() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            return (await create_environment_key(conn, tenant.workspace_id, environment_id)).secret
        finally:
            await conn.close()

    key = asyncio.run(issue())
    platform.issued.append(key)  # the platform's log scan looks for it too
    return key


def _ensure_running(platform: Platform) -> None:
    for role in ("api", "orchestrator"):
        if role not in platform.processes or platform.processes[role].poll() is not None:
            platform.processes.pop(role, None)
            platform.start_role(role)
    platform.wait_ready(OUTAGE_SECONDS)


def snapshot(dest: Path) -> dict[str, str]:
    """The committed server and SDK sources (``git archive HEAD``) as a ``PYTHONPATH`` for roles and workers.

    A role or worker restarted by the soak imports its code again: from a snapshot, an edit of the working tree
    made during a long run (a new migration, half a change) never reaches the code under test midway.
    """
    dest.mkdir(parents=True)
    tree = ["server/src", "sdk-python/src"]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD", *tree], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    return {"PYTHONPATH": os.pathsep.join([*(str(dest / part) for part in tree), os.environ.get("PYTHONPATH", "")])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=6)
    parser.add_argument("--turns", type=int, default=300, help="turns in total across the Sessions")
    parser.add_argument("--kills", type=int, default=100, help="SIGKILLs of api, orchestrator or a worker at most")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-seconds", type=float, default=1500.0, help="no new turn starts after this")
    parser.add_argument(
        "--model",
        choices=("messages", "offline"),
        default="messages",
        help="messages: the production path, the Messages adapter against bench/_provider.py; offline: the test double",
    )
    parser.add_argument("--keep", type=Path, help="a folder for the stack, logs and workspaces, kept afterwards")
    parser.add_argument(
        "--working-tree",
        action="store_true",
        help="run roles and workers from the working tree as it is at each (re)start, not a snapshot of HEAD",
    )
    args = parser.parse_args()
    with (
        contextlib.nullcontext(str(args.keep))
        if args.keep
        else tempfile.TemporaryDirectory(prefix="mango-soak-") as tmp,
        DevStack(Path(tmp) / "stack", "free") as stack,
        model_path(args.model) as (model, _),
    ):
        build = {} if args.working_tree else snapshot(Path(tmp) / "build")
        running = Platform(stack, Path(tmp) / "logs", extra_env=model.env | build).start()
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
                workdir=Path(tmp) / "workers",
                model=model.agent_model,
            )
        finally:
            running.stop()
    print(f"model: {model.label}\n")
    print(result.table())
    for problem in result.problems:
        print("problem:", problem)
    raise SystemExit(1 if result.problems or not result.turns else 0)


if __name__ == "__main__":
    main()
