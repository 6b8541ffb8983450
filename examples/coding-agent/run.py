"""Mango coding agent: an agent fixes a failing test in a Docker worker; the fix is then checked independently.

1. Creates an Agent with the built-in toolset (bash, read, write, edit, glob, grep), uses the given
   Environment (or creates one) and creates a Session in it.
2. Stages ``project/`` into the Session's workspace, ``<workspace-root>/<session id>``: the directory
   that ``mango-worker docker --workspace-root <workspace-root>`` mounts at ``/workspace``.
3. Opens the event stream, then sends two turns to the offline model ``mango-offline-1``: run the
   tests (they fail), then edit ``calc.py`` and run the tests again. Tool calls and their results
   are printed as they stream.
4. Checks the fix without trusting the agent: copies the repaired source out of the workspace next to
   the ORIGINAL tests and runs them in a fresh container with no network, a read-only filesystem and
   no Mango credentials (or, when no Docker engine answers, in a fresh local subprocess; reported).
5. Deletes the Session, its workspace and the Agent (and the Environment if it created one).

Exits 0 only when the independent check passes.

Run after `make dev`, `source .mango/dev.env` and starting a worker (see README.md):

    .venv/bin/python examples/coding-agent/run.py --environment-id env_... --workspace-root /srv/mango/workspaces
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import queue
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mango import Mango
from mango.types import (
    AgentMessageEvent,
    AgentToolUseEvent,
    SessionErrorEvent,
    SessionStatusIdleEvent,
    SessionStatusTerminatedEvent,
    UserToolResultEvent,
)

PROJECT = Path(__file__).resolve().parent / "project"
CONTAINER_UID = 65532  # the user `mango-worker docker` runs item containers as
DEFAULT_IMAGE = "mango-worker-runtime:latest"
TEST_COMMAND = "cd /workspace && python3 -m unittest -q"
BUGGY = "return sum(range(first, last))"
FIXED = "return sum(range(first, last + 1))"
SHOWN_RESULT_CHARS = 1200


def tool_line(name: str, tool_input: dict[str, Any]) -> str:
    """A `/tool NAME {json}` directive: mango-offline-1 turns each such line into one tool call."""
    return f"/tool {name} {json.dumps(tool_input)}"


TURN_1 = "\n".join(["Run the project's tests.", tool_line("bash", {"command": TEST_COMMAND})])
TURN_2 = "\n".join(
    [
        "series_sum leaves out its last number. Fix it, then run the tests again.",
        tool_line("edit", {"file_path": "calc.py", "old_string": BUGGY, "new_string": FIXED}),
        tool_line("bash", {"command": TEST_COMMAND}),
    ]
)


@dataclass
class ToolCall:
    name: str
    tool_input: dict[str, Any]
    text: str = ""
    is_error: bool | None = None


@dataclass
class Turn:
    calls: dict[str, ToolCall] = field(default_factory=dict)
    reply: str = ""


class TurnFailed(Exception):
    """The turn did not end with `end_turn`."""


# --- the workspace -----------------------------------------------------------------------------


def stage_project(workspace: Path) -> None:
    """Copy ``project/`` into a new Session workspace the container user (uid 65532) can modify.

    As root the files are given to uid 65532, as `mango-worker docker` does with the directories it
    creates; otherwise they are made writable by everyone, again like the worker.
    """
    workspace.parent.mkdir(parents=True, exist_ok=True)
    workspace.mkdir(mode=0o750)
    for source in sorted(PROJECT.iterdir()):
        if source.is_file() and source.suffix == ".py":
            shutil.copyfile(source, workspace / source.name)
    for path in [workspace, *workspace.iterdir()]:
        if os.geteuid() == 0:
            os.chown(path, CONTAINER_UID, CONTAINER_UID)
        else:
            path.chmod(0o777 if path.is_dir() else 0o666)


def read_regular_file(path: Path) -> bytes:
    """Read ``path`` without following a symlink: the workspace is written by the agent's container."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(f"{path} is not a regular file")
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read()
    finally:
        if fd >= 0:
            os.close(fd)


def collect_check_tree(workspace: Path, destination: Path) -> list[str]:
    """Copy the repaired source (not the tests) from the workspace and the ORIGINAL tests from project/.

    Returns the names taken from the workspace.
    """
    from_workspace = []
    for entry in sorted(workspace.iterdir()):
        if entry.name.endswith(".py") and not entry.name.startswith("test_") and not entry.is_symlink():
            (destination / entry.name).write_bytes(read_regular_file(entry))
            from_workspace.append(entry.name)
    for test in sorted(PROJECT.glob("test_*.py")):
        shutil.copyfile(test, destination / test.name)
    destination.chmod(0o755)
    for path in destination.iterdir():
        path.chmod(0o644)
    return from_workspace


def show_diff(workspace: Path) -> None:
    original = (PROJECT / "calc.py").read_text().splitlines(keepends=True)
    repaired = read_regular_file(workspace / "calc.py").decode(errors="replace").splitlines(keepends=True)
    diff = "".join(difflib.unified_diff(original, repaired, "project/calc.py", "workspace/calc.py"))
    print(diff if diff else "(calc.py is unchanged)")


def remove_workspace(workspace: Path) -> None:
    """Delete the Session's workspace (Mango never does; it is the operator's)."""
    failures = 0
    for directory, folders, files in os.walk(workspace, topdown=False):
        for name in files + folders:
            path = os.path.join(directory, name)
            try:
                os.rmdir(path) if os.path.isdir(path) and not os.path.islink(path) else os.unlink(path)
            except OSError:
                failures += 1
    try:
        workspace.rmdir()
    except OSError:
        failures += 1
    if failures:
        print(f"could not remove {failures} path(s) under {workspace}; remove them yourself", file=sys.stderr)


# --- the independent check ---------------------------------------------------------------------


@dataclass
class CheckResult:
    passed: bool
    where: str
    output: str


def check_in_container(tree: Path, image: str) -> CheckResult | None:
    """Run the tests in a fresh, network-less, read-only container; None when no Docker engine answers."""
    try:
        import docker
        import docker.errors
    except ImportError:
        return None
    try:
        engine = docker.from_env(timeout=120)
        engine.ping()
    except Exception:
        return None
    try:
        engine.images.get(image)
    except docker.errors.ImageNotFound:
        engine.close()
        hint = f"image {image} not found: build it with `mango-worker image build` or pass --image"
        return CheckResult(False, "a fresh Docker container (not started)", hint)
    try:
        container = engine.containers.create(
            image,
            ["python3", "-B", "-m", "unittest", "-v"],
            working_dir="/check",
            user=f"{CONTAINER_UID}:{CONTAINER_UID}",
            environment={"PYTHONDONTWRITEBYTECODE": "1"},
            volumes={str(tree): {"bind": "/check", "mode": "ro"}},
            network_mode="none",
            read_only=True,
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            tmpfs={"/tmp": "rw,noexec,nosuid,nodev,size=16m"},
            mem_limit="256m",
            pids_limit=64,
            labels={"dev.mango.example": "coding-agent-check"},
        )
        try:
            container.start()
            status = container.wait(timeout=120)
            output = container.logs(stdout=True, stderr=True).decode(errors="replace")
        finally:
            container.remove(force=True)
    finally:
        engine.close()
    where = f"a fresh Docker container ({image}, no network, read-only, no Mango credentials)"
    return CheckResult(int(status.get("StatusCode", 1)) == 0, where, output)


def check_in_subprocess(tree: Path) -> CheckResult:
    """Run the tests in a fresh local interpreter with a minimal environment (no MANGO_* variables)."""
    env = {"PATH": os.defpath, "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8"}
    command = [sys.executable, "-I", "-B", "-m", "unittest", "-v"]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=120, check=False)
    where = "a fresh local subprocess (NO Docker engine answered: not isolated in a container)"
    return CheckResult(done.returncode == 0, where, done.stdout + done.stderr)


def independent_check(workspace: Path, image: str) -> CheckResult:
    with tempfile.TemporaryDirectory(prefix="mango-coding-agent-check-") as tmp:
        tree = Path(tmp)
        taken = collect_check_tree(workspace, tree)
        print(f"independent check: {', '.join(taken)} from the workspace, original tests from project/")
        result = check_in_container(tree, image)
        return result if result is not None else check_in_subprocess(tree)


# --- the Session ---------------------------------------------------------------------------------


def shorten(text: str, limit: int = SHOWN_RESULT_CHARS) -> str:
    """Long output keeps its beginning and its end (where unittest puts its summary)."""
    text = text.rstrip()
    if len(text) <= limit:
        return text
    return f"{text[: limit * 2 // 3]}\n[...]\n{text[-limit // 3 :]}"


def start_reader(stream: Any) -> queue.Queue[Any]:
    """Read the stream on a daemon thread, so the main thread can wait for events with a deadline."""
    events: queue.Queue[Any] = queue.Queue()

    def read() -> None:
        try:
            for event in stream:
                events.put(event)
            events.put(EOFError("the event stream ended"))
        except Exception as exc:  # handed to the main thread
            events.put(exc)

    threading.Thread(target=read, name="event-stream", daemon=True).start()
    return events


def run_turn(client: Mango, session_id: str, events: queue.Queue[Any], text: str, timeout: float) -> Turn:
    """Send ``text`` and print the turn's events until the Session is idle with `end_turn`."""
    print(f"\n>>> user: {text}")
    message = {"type": "user.message", "content": [{"type": "text", "text": text}]}
    client.sessions.events.send(session_id, events=[message])
    turn = Turn()
    deadline = time.monotonic() + timeout
    while True:
        try:
            event = events.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise TurnFailed(f"no end of turn within {timeout:.0f}s: is a worker serving this Environment?") from None
        if isinstance(event, Exception):
            raise TurnFailed(str(event)) from event
        if isinstance(event, AgentToolUseEvent):
            tool_input = event.input_.to_dict()
            turn.calls[event.id] = ToolCall(event.name, tool_input)
            print(f"tool call: {event.name} {json.dumps(tool_input)}")
        elif isinstance(event, UserToolResultEvent):
            result = "".join(block.text for block in event.content)
            if event.tool_use_id in turn.calls:
                turn.calls[event.tool_use_id].text = result
                turn.calls[event.tool_use_id].is_error = event.is_error
            print(f"tool result{' (error)' if event.is_error else ''}:\n{shorten(result)}")
        elif isinstance(event, AgentMessageEvent):
            turn.reply = "".join(block.text for block in event.content)
            print(f"agent: {shorten(turn.reply, 300)}")
        elif isinstance(event, SessionErrorEvent):
            print(f"session error: {event.error.to_dict()}", file=sys.stderr)
        elif isinstance(event, SessionStatusTerminatedEvent):
            raise TurnFailed("the Session was terminated")
        elif isinstance(event, SessionStatusIdleEvent):
            stop = event.stop_reason.type_
            if stop == "end_turn":
                return turn
            if stop != "requires_action":  # built-in calls wait for the worker's results
                raise TurnFailed(f"the turn stopped: {stop}")


def calls_named(turn: Turn, name: str) -> list[ToolCall]:
    return [call for call in turn.calls.values() if call.name == name]


def drive_agent(client: Mango, session_id: str, timeout: float) -> bool:
    """The two turns; True when the agent's own runs show the failure and then the fix."""
    with client.sessions.events.stream(session_id) as stream:  # open before sending anything
        events = start_reader(stream)
        first = run_turn(client, session_id, events, TURN_1, timeout)
        runs = calls_named(first, "bash")
        if not runs or not runs[0].is_error or "FAILED" not in runs[0].text:
            print("turn 1: expected the tests to fail inside the workspace; they did not", file=sys.stderr)
            return False
        print("\nturn 1: the tests fail in the workspace, as expected")
        second = run_turn(client, session_id, events, TURN_2, timeout)
    edits, runs = calls_named(second, "edit"), calls_named(second, "bash")
    edited = bool(edits) and edits[0].is_error is False
    passed = bool(runs) and runs[-1].is_error is False
    outcome = f"edit {'applied' if edited else 'FAILED'}; the agent's test run {'passed' if passed else 'FAILED'}"
    print(f"\nturn 2: {outcome}")
    return edited and passed


def clean_up(client: Mango, session_id: str, root: Path, agent_id: str, environment_id: str) -> None:
    """Delete the Session (its worker item ends with it) and its workspace, archive the Agent, delete the
    Environment when this run created it."""
    done = []
    if session_id:
        client.sessions.delete(session_id)
        done.append(f"session {session_id} deleted")
        if (root / session_id).exists():
            remove_workspace(root / session_id)
            done.append("workspace removed")
    client.agents.archive(agent_id)
    done.append(f"agent {agent_id} archived")
    if environment_id:
        client.environments.delete(environment_id)
        done.append(f"environment {environment_id} deleted")
    print("cleaned up: " + ", ".join(done))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--environment-id",
        default=os.environ.get("MANGO_ENVIRONMENT_ID"),
        help="the Environment a `mango-worker docker` serves (default MANGO_ENVIRONMENT_ID); without it one is "
        "created and the turn waits for you to start a worker for it",
    )
    parser.add_argument(
        "--workspace-root", required=True, type=Path, help="the worker's --workspace-root (same host, same path)"
    )
    parser.add_argument(
        "--image", default=DEFAULT_IMAGE, help=f"image of the independent check (default {DEFAULT_IMAGE})"
    )
    parser.add_argument("--turn-timeout", type=float, default=300.0, help="seconds one turn may take (default 300)")
    parser.add_argument("--keep", action="store_true", help="keep the Session, Agent and workspace for inspection")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    root: Path = args.workspace_root.resolve()
    with Mango() as client:  # reads MANGO_BASE_URL and MANGO_API_KEY
        toolset = {"type": "agent_toolset_20260401"}
        agent = client.agents.create(name="coding-agent", model="mango-offline-1", tools=[toolset])
        environment_id: str = args.environment_id or ""
        created_environment = not environment_id
        session_id = ""
        try:
            if created_environment:
                environment_id = client.environments.create(name=f"coding-agent-{uuid.uuid4().hex[:8]}").id
                print(f"created Environment {environment_id}; its tool calls wait until you start a worker for it:")
                print(f"  mango environment-key create --workspace $MANGO_WORKSPACE_ID --environment {environment_id}")
                print("  export MANGO_ENVIRONMENT_KEY=<the key it prints>")
                print(f"  mango-worker docker --environment-id {environment_id} --workspace-root {root}")
            session_id = client.sessions.create(agent=agent.id, environment_id=environment_id).id
            workspace = root / session_id
            stage_project(workspace)
            print(f"session {session_id}: project staged in {workspace} (/workspace in the worker's container)")

            agent_ok = drive_agent(client, session_id, args.turn_timeout)
            print("\nthe agent's change:")
            show_diff(workspace)

            result = independent_check(workspace, args.image)
            print(f"independent check in {result.where}:\n{shorten(result.output)}")
            print(f"independent check: {'PASSED' if result.passed else 'FAILED'}")
            if not agent_ok:
                print("note: the agent's own runs did not show the expected failure then fix", file=sys.stderr)
            return 0 if result.passed else 1
        except TurnFailed as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        finally:
            if args.keep:
                print(f"kept session {session_id}, agent {agent.id} and the workspace")
            else:
                clean_up(client, session_id, root, agent.id, environment_id if created_environment else "")


if __name__ == "__main__":
    sys.exit(main())
