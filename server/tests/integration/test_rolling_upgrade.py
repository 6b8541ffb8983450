"""A rolling upgrade from the previous release to this checkout, on the real services.

The previous release is the commit named in ``deploy/PREVIOUS_RELEASE``. It is checked out with
``git worktree`` and its roles run from its sources (``PYTHONPATH``) on this checkout's installed
dependencies. Its ``migrate`` creates the schema and two api and two orchestrator replicas run on
PostgreSQL, Temporal, NATS and SeaweedFS. Sessions are left in every state a rollout meets: a turn
in a slow model round, a turn waiting on a custom tool, one waiting on an approval, and Sessions a
Deployment's Schedule keeps creating. Then this checkout's ``migrate`` runs (the previous release
keeps serving on the new schema), the orchestrator replicas are replaced one at a time, then the
api replicas, and every Session is driven to idle: no turn fails, no event is lost or duplicated.

A second test replays the workflow histories the previous release's orchestrator recorded under
this checkout's workflows (Temporal's ``Replayer``): a non-deterministic change to a workflow
fails it until it is guarded (``docs/development.md``, "Workflow changes").

A third test stops an orchestrator of this checkout with SIGTERM mid-round, as a rolling update
does, and checks that it drains: the round ends on it and is not run again elsewhere.

Not responsible for the schema window's rules (``test_migrate.py``, ``unit/test_schema_window.py``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango import RetryPolicy
from mango_server.devstack import DevStack, Platform
from mango_server.devstack._ports import free_port
from mango_server.orchestration.deployment_workflow import DeploymentRunWorkflow
from mango_server.orchestration.types import workflow_id
from mango_server.orchestration.workflows import SessionWorkflow
from temporalio.client import Client, WorkflowHistory
from temporalio.worker import Replayer

from ._client import CUSTOM_TOOL, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

REPO = Path(__file__).resolve().parents[3]
RELEASE_FILE = REPO / "deploy" / "PREVIOUS_RELEASE"
# The mid-turn Session's model round: long enough to be in flight while the orchestrators are
# replaced (checked below) on a loaded two-core host. A replica stopped under it leaves the round to
# another one after the step's heartbeat timeout, which runs it again from its start.
SLOW_ROUND_MS = 60_000
ASK_BASH = {
    "type": "agent_toolset_20260401",
    "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
}


def previous_commit() -> str:
    """The commit ``deploy/PREVIOUS_RELEASE`` names (its first line that is not a comment)."""
    for line in RELEASE_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            return line.strip()
    raise AssertionError(f"{RELEASE_FILE} names no commit")


@pytest.fixture(scope="module")
def previous_release(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The previous release's tree, checked out with ``git worktree`` (removed afterwards)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs git and a clone of Mango (the previous release is checked out from it)")
    commit = previous_commit()
    found = subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{commit}^{{commit}}"], check=False)
    if found.returncode != 0:
        pytest.skip(f"the previous release {commit} is not in this clone (a shallow clone?)")
    tree = tmp_path_factory.mktemp("previous-release") / "tree"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(tree), commit], check=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=False)


def _release_env(tree: Path) -> dict[str, str]:
    return {"PYTHONPATH": f"{tree / 'server' / 'src'}:{tree / 'sdk-python' / 'src'}"}


class RoundRobin(httpx.BaseTransport):
    """Stands in for the load balancer and for the official clients' retries.

    Each attempt goes to the next api replica in service. Like the SDKs' transport, every mutation
    carries an ``Idempotency-Key`` and a transient failure is retried under Mango's one retry
    policy (``mango.RetryPolicy``); each retried failure is recorded with the rollout's phase and
    the release of the api replica that answered it.
    """

    def __init__(self) -> None:
        self.ports: list[int] = []
        self.releases: dict[int, str] = {}  # the release of the api replica on each port
        self.phase = "previous release"
        self.retried: list[str] = []
        self._turn = itertools.count()
        self._inner = httpx.HTTPTransport()
        self._policy = RetryPolicy(max_retries=3, base_delay=0.2)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method not in {"GET", "HEAD"} and "idempotency-key" not in request.headers:
            request.headers["Idempotency-Key"] = f"upgrade-{uuid.uuid4().hex}"
        for attempt in itertools.count():
            request.url = request.url.copy_with(port=self.ports[next(self._turn) % len(self.ports)])
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError as exc:
                if not self._policy.should_retry(request.method, None, attempt, idempotent=True):
                    raise
                self.retried.append(f"{self.phase}: {request.method} {request.url.path}: {type(exc).__name__}")
                self._policy.sleep(self._policy.delay(attempt))
                continue
            if not self._policy.should_retry(request.method, response.status_code, attempt, idempotent=True):
                return response
            body = response.read().decode(errors="replace")[:200]
            response.close()
            release = self.releases.get(request.url.port or 0, "?")
            self.retried.append(
                f"{self.phase}: {request.method} {request.url.path}: {response.status_code} from {release} {body}"
            )
            self._policy.sleep(self._policy.delay(attempt, response.headers))
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._inner.close()


@dataclass
class Replica:
    role: str
    release: str
    process: subprocess.Popen[bytes]
    port: int = 0


@dataclass
class Fleet:
    """The replicas of one Mango. ``platform`` holds the database, task queue and service settings;
    each replica runs either the previous release (``previous``) or this checkout (``current``)."""

    platform: Platform
    previous: dict[str, str]
    log_dir: Path
    balancer: RoundRobin = field(default_factory=RoundRobin)
    replicas: list[Replica] = field(default_factory=list)
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def env(self, release: str) -> dict[str, str]:
        env = {key: value for key, value in self.platform.env().items() if key != "PYTHONPATH"}
        return env | (self.previous if release == "previous" else {})

    def run(self, release: str, *args: str) -> str:
        """A one-shot command of ``release`` (``migrate``, operator commands); returns its stdout."""
        done = subprocess.run(
            [sys.executable, "-m", "mango_server", *args],
            env=self.env(release),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, f"mango {' '.join(args)} ({release}): {done.stderr}"
        return done.stdout

    def start(self, role: str, release: str) -> Replica:
        port = free_port() if role == "api" else 0
        env = self.env(release) | ({"MANGO_API_PORT": str(port)} if port else {})
        with (self.log_dir / f"{role}-{next(self._names)}-{release}.log").open("ab") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "mango_server", role], env=env, stdout=log, stderr=subprocess.STDOUT
            )
        replica = Replica(role, release, process, port)
        self.replicas.append(replica)
        if role == "api":
            _wait_ready(port, process)
            self.balancer.ports.append(port)
            self.balancer.releases[port] = release
        else:
            time.sleep(3)  # the worker polls its task queue once connected; a crash at start shows here
            assert process.poll() is None, f"the {release} orchestrator exited at start; see {self.log_dir}"
        return replica

    def stop(self, replica: Replica) -> None:
        """Take a replica out of service and stop it with SIGTERM, as Compose and Kubernetes do."""
        if replica.port in self.balancer.ports:
            self.balancer.ports.remove(replica.port)
        replica.process.send_signal(signal.SIGTERM)
        try:
            replica.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            replica.process.kill()
            replica.process.wait()
        self.replicas.remove(replica)

    def replace(self, role: str) -> None:
        """Replace the ``role`` replicas of the previous release one at a time: start the new one first."""
        for old in [r for r in self.replicas if r.role == role and r.release == "previous"]:
            self.start(role, "current")
            self.stop(old)

    def stop_all(self) -> None:
        for replica in list(self.replicas):
            self.stop(replica)
        self.balancer.close()


def _wait_ready(port: int, process: subprocess.Popen[bytes], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the api on port {port} exited at start"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/v1/readiness", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the api on port {port} never became ready")


@pytest.fixture
def fleet(
    mango_services: DevStack, previous_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Fleet]:
    """A database migrated by the previous release (no roles yet) and the fleet that will run on it."""
    log_dir = tmp_path_factory.mktemp("rolling-upgrade")
    platform = Platform(mango_services, log_dir, extra_env=_release_env(previous_release))
    running = Fleet(platform, _release_env(previous_release), log_dir)
    # Platform.start runs the previous release's migrate (PYTHONPATH is set) and one replica of
    # each role; the fleet adopts them.
    platform.start()
    for role in ("api", "orchestrator"):
        process = platform.processes.pop(role)
        running.replicas.append(Replica(role, "previous", process, platform.api_port if role == "api" else 0))
    running.balancer.ports.append(platform.api_port)
    running.balancer.releases[platform.api_port] = "previous"
    try:
        yield running
    finally:
        running.stop_all()


def _tenant(fleet: Fleet, release: str) -> httpx.Client:
    workspace = json.loads(fleet.run(release, "workspace", "create", "--name", "upgrade"))
    key = json.loads(fleet.run(release, "api-key", "create", "--workspace", workspace["id"]))
    fleet.platform.issued.append(key["key"])
    return httpx.Client(
        base_url="http://127.0.0.1",
        transport=fleet.balancer,
        headers={"authorization": f"Bearer {key['key']}"},
        timeout=30,
    )


def _session(http: httpx.Client, name: str, tools: list[dict[str, Any]]) -> str:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1", "tools": tools})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _until(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def _turn(http: httpx.Client, session_id: str, text: str) -> None:
    """One whole turn of the chatter Session: the roles in service at that moment answer it."""
    say(http, session_id, f"/text {text}")
    _until(
        lambda: any(e["type"] == "agent.message" and text in str(e["content"]) for e in history(http, session_id)),
        90,
        f"the reply {text!r}",
    )
    wait_status(http, session_id, "end_turn", timeout=30)


def _deployment(http: httpx.Client) -> str:
    agent = http.post("/v1/agents", json={"name": "scheduled", "model": "mango-offline-1"})
    env = http.post("/v1/environments", json={"name": f"scheduled-{time.monotonic_ns()}"})
    hello = {"type": "user.message", "content": [{"type": "text", "text": "scheduled hello"}]}
    body = {
        "name": "every-three-seconds",
        "agent": agent.json()["id"],
        "environment_id": env.json()["id"],
        "initial_events": [hello],
        "schedule": {"type": "cron", "expression": "*/3 * * * * *"},
    }
    created = http.post("/v1/deployments", json=body)
    assert created.status_code == 200, created.text
    return str(created.json()["id"])


def _runs(http: httpx.Client, deployment_id: str) -> list[dict[str, Any]]:
    response = http.get("/v1/deployment_runs", params={"deployment_id": deployment_id, "limit": 100})
    assert response.status_code == 200, response.text
    return list(response.json()["data"])


def _assert_settled(events: list[dict[str, Any]], before: list[str], *, turns: int) -> None:
    """A Session's whole history after the upgrade: what it held before is still there in order,
    nothing is duplicated, every turn answered once and ended, nothing failed."""
    ids = [e["id"] for e in events]
    assert len(ids) == len(set(ids)), "an event was duplicated"
    assert ids[: len(before)] == before, "an event recorded before the upgrade was lost or moved"
    types = [e["type"] for e in events]
    assert "session.error" not in types, [e for e in events if e["type"] == "session.error"]
    assert types.count("agent.message") == turns, types
    assert types[-1] == "session.status_idle"
    assert all(e["processed_at"] for e in events if e["type"].startswith("user."))


def test_rolling_upgrade_with_sessions_mid_turn(fleet: Fleet) -> None:
    fleet.start("api", "previous")
    fleet.start("orchestrator", "previous")
    with _tenant(fleet, "previous") as http:
        chatter = _session(http, "chatter", [])
        _turn(http, chatter, "before the upgrade")

        waits_tool = _session(http, "tool", [CUSTOM_TOOL])
        say(http, waits_tool, '/tool get_weather {"city": "Paris"}')
        [tool_use] = wait_status(http, waits_tool, "requires_action")["stop_reason"]["event_ids"]

        waits_approval = _session(http, "approval", [ASK_BASH])
        say(http, waits_approval, '/tool bash {"command": "rm -rf /tmp/upgrade"}')
        [approval] = wait_status(http, waits_approval, "requires_action")["stop_reason"]["event_ids"]

        deployment = _deployment(http)
        _until(lambda: [r for r in _runs(http, deployment) if r["session_id"]], 60, "a scheduled Session")

        mid_turn = _session(http, "slow", [])
        say(http, mid_turn, f"/sleep {SLOW_ROUND_MS}\n/text the slow round ended")
        _until(
            lambda: any(e["type"] == "span.model_request_start" for e in history(http, mid_turn)),
            30,
            "the slow round's start",
        )
        before = {sid: [e["id"] for e in history(http, sid)] for sid in (chatter, waits_tool, waits_approval, mid_turn)}

        # The new release's migrate, with the previous release's roles serving: they keep working.
        fleet.balancer.phase = "new migrate, previous roles"
        print(fleet.run("current", "migrate"))
        _turn(http, chatter, "after the new migrate")

        assert not any(e["type"] == "span.model_request_end" for e in history(http, mid_turn)), (
            "the slow round ended before the rollout: it no longer tests a turn in flight"
        )
        fleet.balancer.phase = "orchestrators replaced"
        fleet.replace("orchestrator")
        _turn(http, chatter, "on the new orchestrators")
        upgraded_at = time.time()
        fleet.balancer.phase = "apis replaced"
        fleet.replace("api")
        assert {r.release for r in fleet.replicas} == {"current"}
        fleet.balancer.phase = "current release"
        _turn(http, chatter, "on the new apis")

        # Drive every Session to idle on the new release.
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": tool_use,
            "content": [{"type": "text", "text": "sunny"}],
        }
        http.post(f"/v1/sessions/{waits_tool}/events", json={"events": [result]}).raise_for_status()
        deny = {"type": "user.tool_confirmation", "tool_use_id": approval, "result": "deny", "deny_message": "no"}
        http.post(f"/v1/sessions/{waits_approval}/events", json={"events": [deny]}).raise_for_status()
        for sid in (waits_tool, waits_approval):
            wait_status(http, sid, "end_turn", timeout=90)
        wait_status(http, mid_turn, "end_turn", timeout=180)

        # The Schedule keeps firing under the new orchestrators, then stops when paused.
        _until(
            lambda: [r for r in _runs(http, deployment) if r["session_id"] and _at(r) > upgraded_at],
            60,
            "a scheduled Session created by the new release",
        )
        assert http.post(f"/v1/deployments/{deployment}/pause").status_code == 200
        runs = _runs(http, deployment)
        assert all(r["session_id"] for r in runs), [r for r in runs if not r["session_id"]]
        for run in runs:
            wait_status(http, run["session_id"], "end_turn", timeout=90)
            _assert_settled(history(http, run["session_id"]), [], turns=1)

        _assert_settled(history(http, chatter), before[chatter], turns=4)
        _assert_settled(history(http, waits_tool), before[waits_tool], turns=1)
        _assert_settled(history(http, waits_approval), before[waits_approval], turns=1)
        slow = history(http, mid_turn)
        _assert_settled(slow, before[mid_turn], turns=1)
        assert next(e for e in slow if e["type"] == "agent.message")["content"][0]["text"] == "the slow round ended"
    # Retried failures are what a client that does not retry would have seen. The previous release
    # answers 500 once per pooled statement whose table a migration extended under it
    # (docs/operations.md, "Upgrades"); once every replica is current there must be none, and a
    # replica of this checkout answers none at any phase (its statements name their columns).
    print(f"retried during the rollout: {len(fleet.balancer.retried)}", *fleet.balancer.retried, sep="\n  ")
    assert [r for r in fleet.balancer.retried if r.startswith(("previous release", "current release"))] == []
    assert [r for r in fleet.balancer.retried if " from current " in r] == []
    assert fleet.platform.leaks() == []


def _at(run: dict[str, Any]) -> float:
    from datetime import datetime

    return datetime.fromisoformat(run["trigger_context"]["scheduled_at"].replace("Z", "+00:00")).timestamp()


async def _histories(temporal_address: str, workflow_ids: list[str], task_queue: str) -> list[WorkflowHistory]:
    """Every run of the named workflows and of the task queue's Deployment Runs, as Temporal holds them."""
    temporal = await Client.connect(temporal_address)
    ids = set(workflow_ids)
    async for execution in temporal.list_workflows(f'TaskQueue="{task_queue}"'):
        ids.add(execution.id)
    out: list[WorkflowHistory] = []
    for wid in sorted(ids):
        run_id: str | None = None
        while True:  # the chain of runs a continue-as-new left, newest first
            fetched = await temporal.get_workflow_handle(wid, run_id=run_id).fetch_history()
            out.append(fetched)
            started = fetched.events[0].workflow_execution_started_event_attributes
            if not started.continued_execution_run_id:
                break
            run_id = started.continued_execution_run_id
    return out


def test_previous_release_histories_replay_under_this_worker(fleet: Fleet) -> None:
    with _tenant(fleet, "previous") as http:
        chatter = _session(http, "replay-chatter", [])
        for n in range(3):
            _turn(http, chatter, f"turn {n}")
        waits_tool = _session(http, "replay-tool", [CUSTOM_TOOL])
        say(http, waits_tool, '/tool get_weather {"city": "Oslo"}')
        [tool_use] = wait_status(http, waits_tool, "requires_action")["stop_reason"]["event_ids"]
        snow = [{"type": "text", "text": "snow"}]
        result = {"type": "user.custom_tool_result", "custom_tool_use_id": tool_use, "content": snow}
        http.post(f"/v1/sessions/{waits_tool}/events", json={"events": [result]}).raise_for_status()
        wait_status(http, waits_tool, "end_turn", timeout=60)
        waits_approval = _session(http, "replay-approval", [ASK_BASH])
        say(http, waits_approval, '/tool bash {"command": "true"}')
        wait_status(http, waits_approval, "requires_action")
        deployment = _deployment(http)
        _until(lambda: [r for r in _runs(http, deployment) if r["session_id"]], 60, "a scheduled Session")
        assert http.post(f"/v1/deployments/{deployment}/pause").status_code == 200
        sessions = [chatter, waits_tool, waits_approval, *(r["session_id"] for r in _runs(http, deployment))]

    histories = asyncio.run(
        _histories(fleet.platform.stack.temporal_address, [workflow_id(s) for s in sessions], fleet.platform.task_queue)
    )
    kinds = {h.events[0].workflow_execution_started_event_attributes.workflow_type.name for h in histories}
    assert kinds == {"SessionWorkflow", "DeploymentRunWorkflow"}, kinds
    replayer = Replayer(workflows=[SessionWorkflow, DeploymentRunWorkflow])
    failures = asyncio.run(_replay_all(replayer, histories))
    assert failures == [], f"{len(failures)} of {len(histories)} histories do not replay: {failures}"


async def _replay_all(replayer: Replayer, histories: list[WorkflowHistory]) -> list[str]:
    """Replay every history; one line per history that does not replay (all of them, not just the first)."""
    failures: list[str] = []
    for one in histories:
        try:
            await replayer.replay_workflow(one)
        except Exception as exc:  # every failing history is reported, not just the first
            failures.append(f"{one.workflow_id}: {type(exc).__name__}: {exc}")
    return failures


def test_an_orchestrator_stopped_with_sigterm_finishes_its_round(
    mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A replaced orchestrator drains: its running round ends on it, and is not run again elsewhere."""
    platform = Platform(mango_services, tmp_path_factory.mktemp("drain")).start()
    try:
        tenant = platform.create_tenant("drain")
        with httpx.Client(
            base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30
        ) as http:
            sid = _session(http, "drain", [])
            say(http, sid, "/sleep 4000\n/text drained")
            _until(lambda: any(e["type"] == "span.model_request_start" for e in history(http, sid)), 30, "the round")
            old = platform.processes.pop("orchestrator")
            old.send_signal(signal.SIGTERM)
            platform.start_role("orchestrator")  # the replacement, as a rolling update starts it
            assert old.wait(timeout=60) == 0
            wait_status(http, sid, "end_turn", timeout=60)
            types = [e["type"] for e in history(http, sid)]
            assert types.count("span.model_request_start") == 1, types  # the round was not run again
            assert types.count("agent.message") == 1
    finally:
        platform.stop()
