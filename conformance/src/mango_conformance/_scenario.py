"""The valid-input scenario: one valid request for every operation, prerequisites first.

``Scenario.build`` creates what later requests need (an Agent with a custom tool, Environments,
Sessions, Work, Files, Skills, Memory Stores, memories, webhook endpoints, vaults), exercising each operation once with
valid input and keeping that ``Call`` in ``World.calls``; the bad-input, authentication and
isolation checks are derived from those calls. Destructive operations (archive, delete) are
only registered here and run last (``run_destructive``) so that isolation is checked against
live resources first. When an operation answers 501 ``not_implemented`` its dependants get
placeholder ids and will most likely answer 501 too. Not responsible for judging answers.
"""

from __future__ import annotations

import base64
import io
import json
import secrets
import zipfile
from dataclasses import dataclass, field
from typing import Any

from . import _idempotency, _outcomes, _turns
from ._inputs import BAD_REQUEST, REFUSED, BadInput
from ._probe import Call, Probe

SUITE_METADATA = {"suite": "mango-conformance"}
#: A 1x1 PNG, and a one-page PDF: valid media for the image and PDF input checks.
PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
PDF_B64 = (
    "JVBERi0xLjMKJeLjz9MKMSAwIG9iago8PAovUHJvZHVjZXIgKHB5cGRmKQo+PgplbmRvYmoKMiAwIG9iago8PAovVHlwZSAv"
    "UGFnZXMKL0NvdW50IDEKL0tpZHMgWyA0IDAgUiBdCj4+CmVuZG9iagozIDAgb2JqCjw8Ci9UeXBlIC9DYXRhbG9nCi9QYWdl"
    "cyAyIDAgUgo+PgplbmRvYmoKNCAwIG9iago8PAovVHlwZSAvUGFnZQovUmVzb3VyY2VzIDw8Cj4+Ci9NZWRpYUJveCBbIDAu"
    "MCAwLjAgNzIgNzIgXQovUGFyZW50IDIgMCBSCj4+CmVuZG9iagp4cmVmCjAgNQowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAw"
    "MDAwMTUgMDAwMDAgbiAKMDAwMDAwMDA1NCAwMDAwMCBuIAowMDAwMDAwMTEzIDAwMDAwIG4gCjAwMDAwMDAxNjIgMDAwMDAg"
    "biAKdHJhaWxlcgo8PAovU2l6ZSA1Ci9Sb290IDMgMCBSCi9JbmZvIDEgMCBSCj4+CnN0YXJ0eHJlZgoyNTQKJSVFT0YK"
)
CONFLICT = frozenset({409})
DESTRUCTIVE_ORDER = (
    "sessions.threads.archive",
    "sessions.archive",
    "sessions.delete",
    "environments.archive",
    "environments.delete",
    "deployments.archive",
    "agents.archive",
    "files.delete",
    "skills.versions.delete",
    "skills.delete",
    "memory_stores.memories.delete",
    "memory_stores.archive",
    "memory_stores.delete",
    "webhooks.delete",
    "vaults.credentials.delete",
    "vaults.archive",
    "vaults.delete",
)


def placeholder(kind: str) -> str:
    """An id used when the operation that would create the real one is not implemented."""
    return f"{kind}_conformance_placeholder"


def skill_zip(name: str) -> bytes:
    """A minimal Skill archive: one top-level folder holding ``SKILL.md``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            f"{name}/SKILL.md",
            f"---\nname: {name}\ndescription: A Skill uploaded by the Mango conformance suite.\n---\n\nSay hello.\n",
        )
    return buffer.getvalue()


@dataclass
class World:
    """What the scenario created and the valid call of every operation."""

    calls: dict[str, Call] = field(default_factory=dict)
    deferred: dict[str, Call] = field(default_factory=dict)
    extra_bad: dict[str, list[BadInput]] = field(default_factory=dict)
    owned_ids: set[str] = field(default_factory=set)


class Scenario:
    """Builds the World through the API, one valid request per operation."""

    def __init__(self, probe: Probe, model: str) -> None:
        self.probe = probe
        self.model = model
        self.capabilities: dict[str, Any] = {}  # the suite's model's, from models.list
        self.world = World()
        self.suffix = secrets.token_hex(4)

    def ok(self, call: Call, *, register: bool = True) -> dict[str, Any] | None:
        if register:
            self.world.calls[call.operation_id] = call
        body = self.probe.expect_ok(call)
        if not isinstance(body, dict):
            return None
        if isinstance(body.get("id"), str) and call.operation_id.endswith((".create", ".upload")):
            self.world.owned_ids.add(body["id"])
        return body

    def created_id(self, call: Call, kind: str) -> str:
        body = self.ok(call)
        return str(body["id"]) if body and "id" in body else placeholder(kind)

    def defer(self, call: Call) -> None:
        self.world.calls[call.operation_id] = call
        self.world.deferred[call.operation_id] = call

    def bad(self, operation_id: str, case: BadInput) -> None:
        self.world.extra_bad.setdefault(operation_id, []).append(case)

    def build(self) -> World:
        self.ok(Call("system.health"))
        self.ok(Call("system.readiness"))
        self.models()
        agent_id = self.agents()
        environment_id = self.environments()
        self.sessions(agent_id, environment_id)
        self.deployments(agent_id, environment_id)
        self.threads(agent_id, environment_id)
        self.auto_permissions(environment_id)
        self.work(environment_id)
        self.tool_calls()
        self.files()
        self.skills()
        self.memory_stores()
        self.webhooks()
        self.vaults(agent_id, environment_id)
        return self.world

    def run_destructive(self) -> None:
        for operation_id in DESTRUCTIVE_ORDER:
            call = self.world.deferred.get(operation_id)
            if call is not None:
                self.ok(call, register=False)

    def models(self) -> None:
        """``models.list`` offers the model the suite's Agents name and shows no more than the contract (never
        an endpoint URL or credential); an Agent naming a model the deployment does not offer is a 400."""
        body = self.ok(Call("models.list"))
        data = body.get("data") if body else None
        if body is not None and isinstance(data, list):
            offered = [n for m in data if isinstance(m, dict) for n in (m.get("id"), *(m.get("aliases") or []))]
            if self.model not in offered:
                self.probe.report.fail("models.list", f"the suite's model {self.model!r} is not offered: {offered}")
            for m in data:
                if isinstance(m, dict) and self.model in (m.get("id"), *(m.get("aliases") or [])):
                    self.capabilities = dict(m.get("capabilities") or {})
            declared = {
                "type", "id", "display_name", "created_at", "lifecycle", "aliases", "context_window",
                "max_input_tokens", "max_output_tokens", "max_tokens", "capabilities",
            }  # fmt: skip
            missing = sorted({key for m in data if isinstance(m, dict) for key in declared - set(m)})
            if missing:
                self.probe.report.fail("models.list", f"a model lacks fields the contract requires: {missing}")
            if body.get("has_more") is not False or not {"first_id", "last_id"} <= set(body):
                self.probe.report.fail("models.list", "no page fields: has_more false, first_id, last_id")
            shown = sorted({key for m in data if isinstance(m, dict) for key in m} - declared)
            if shown:
                self.probe.report.fail("models.list", f"a model shows fields the contract does not declare: {shown}")
        unoffered = Call(
            "agents.create",
            json_body={"name": "conformance", "model": "mango-conformance-model-not-offered"},
            label="a model the deployment does not offer",
        )
        self.bad("agents.create", BadInput(unoffered, BAD_REQUEST))

    def agents(self) -> str:
        create = Call(
            "agents.create",
            json_body={
                "name": "conformance",
                "description": "Created by the Mango conformance suite.",
                "model": self.model,
                "tools": [
                    _turns.CUSTOM_TOOL,
                    {
                        "type": "agent_toolset_20260401",
                        "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
                    },
                ],
                "metadata": SUITE_METADATA,
            },
        )
        agent_id = self.created_id(create, "agent")
        self.bad(
            "agents.create",
            BadInput(create.but("empty name", json_body={"name": "", "model": self.model}), BAD_REQUEST),
        )
        self.ok(Call("agents.list", query=(("limit", "5"),)))
        self.ok(Call("agents.get", {"agent_id": agent_id}, query=(("version", "1"),)))
        update = {
            "version": 1,
            "description": "Updated by the Mango conformance suite.",
            "context_management": {"compaction": {"mode": "summary", "max_summary_tokens": 512}},
        }
        update_call = Call("agents.update", {"agent_id": agent_id}, json_body=update)
        self.ok(update_call)
        unknown_mode = {"version": 2, "context_management": {"compaction": {"mode": "abstractive"}}}
        self.bad(
            "agents.update", BadInput(update_call.but("unknown compaction mode", json_body=unknown_mode), BAD_REQUEST)
        )
        self.ok(Call("agents.versions.list", {"agent_id": agent_id}, query=(("limit", "5"),)))
        doomed = self.created_id(create.but("valid request (second agent)"), "agent")
        replayed = _idempotency.check_replay_and_conflict(
            self.probe, create.but("valid request (third agent)"), {"name": "another", "model": self.model}
        )
        if isinstance(replayed, dict) and isinstance(replayed.get("id"), str):
            self.world.owned_ids.add(replayed["id"])
        self.world.calls["agents.create"] = create
        self.defer(Call("agents.archive", {"agent_id": doomed}))
        return agent_id

    def environments(self) -> str:
        def create(name: str) -> Call:
            body = {"name": f"conformance-{name}-{self.suffix}", "config": {"type": "self_hosted"}}
            return Call("environments.create", json_body={**body, "metadata": SUITE_METADATA})

        environment_id = self.created_id(create("main"), "env")
        self.ok(Call("environments.list", query=(("limit", "5"),)))
        self.ok(Call("environments.get", {"environment_id": environment_id}))
        update = {"description": "Updated by the Mango conformance suite."}
        self.ok(Call("environments.update", {"environment_id": environment_id}, json_body=update))
        archived = self.created_id(create("archive").but("valid request (to archive)"), "env")
        deleted = self.created_id(create("delete").but("valid request (to delete)"), "env")
        self.world.calls["environments.create"] = create("main")
        self.defer(Call("environments.archive", {"environment_id": archived}))
        self.defer(Call("environments.delete", {"environment_id": deleted}))
        return environment_id

    def sessions(self, agent_id: str, environment_id: str) -> None:
        body = {"agent": agent_id, "environment_id": environment_id, "title": "conformance", "metadata": SUITE_METADATA}
        create = Call("sessions.create", json_body=body)
        session_id = self.created_id(create, "sesn")
        self.bad(
            "sessions.create",
            BadInput(create.but("unknown agent", json_body={**body, "agent": "agent_conformance0000missing"}), REFUSED),
        )
        self.ok(Call("sessions.list", query=(("limit", "5"), ("order", "desc"))))
        self.ok(Call("sessions.get", {"session_id": session_id}))
        # A budget far above what the suite uses: the turns below also report ``session.usage``.
        budget = {"type": "limit", "max_tokens": 100_000_000, "max_list_cost": {"amount": "1000", "currency": "USD"}}
        patch = {"title": "conformance (updated)", "metadata": {"step": "updated"}, "budget": budget}
        update = Call("sessions.update", {"session_id": session_id}, json_body=patch)
        self.ok(update)
        bad_budget = {"budget": {"type": "limit", "max_tokens": 0}}
        self.bad("sessions.update", BadInput(update.but("a budget of zero tokens", json_body=bad_budget), BAD_REQUEST))
        self.world.calls["sessions.events.send"] = _turns.plain_turn(self.probe, session_id)
        self.world.calls["sessions.events.stream"] = Call("sessions.events.stream", {"session_id": session_id})
        self.world.calls["sessions.events.list"] = Call(
            "sessions.events.list", {"session_id": session_id}, query=(("limit", "100"), ("order", "asc"))
        )
        _turns.custom_tool_round_trip(self.probe, session_id)
        _outcomes.outcome_loop(self.probe, session_id)
        self.idempotent_send(session_id)
        self.session_bad_events(session_id)
        archived = self.created_id(create.but("valid request (to archive)"), "sesn")
        deleted = self.created_id(create.but("valid request (to delete)"), "sesn")
        self.world.calls["sessions.create"] = create
        self.defer(Call("sessions.archive", {"session_id": archived}))
        self.defer(Call("sessions.delete", {"session_id": deleted}))

    def deployments(self, agent_id: str, environment_id: str) -> None:
        """A Deployment on a schedule that does not fire during the run, paused, resumed and run by hand.

        Its budget is kept on the Deployment and given to the manual Run's Session.
        """
        budget = {"type": "limit", "max_list_cost": None, "max_tokens": 5_000_000}
        body = {
            "name": f"conformance-{self.suffix}",
            "agent": agent_id,
            "environment_id": environment_id,
            "initial_events": [_turns.message("/text deployed")],
            "schedule": {"type": "cron", "expression": "0 3 1 1 *", "timezone": "UTC"},
            "metadata": SUITE_METADATA,
            "budget": budget,
        }
        create = Call("deployments.create", json_body=body)
        deployment_id = self.created_id(create, "depl")
        bad_cron = {**body, "schedule": {"type": "cron", "expression": "61 * * * *"}}
        self.bad("deployments.create", BadInput(create.but("a minute of 61", json_body=bad_cron), BAD_REQUEST))
        bad_zone = {**body, "schedule": {"type": "cron", "expression": "0 3 * * *", "timezone": "Mars/Olympus"}}
        self.bad("deployments.create", BadInput(create.but("an unknown time zone", json_body=bad_zone), BAD_REQUEST))
        item = {"deployment_id": deployment_id}
        self.ok(Call("deployments.list", query=(("limit", "5"),)))
        got = self.ok(Call("deployments.get", item))
        if got is not None and got.get("budget") != budget:
            self.probe.report.fail("deployments.get", f"the budget was not kept: {got.get('budget')}")
        self.ok(Call("deployments.update", item, json_body={"description": "Updated by the Mango conformance suite."}))
        self.ok(Call("deployments.pause", item))
        self.ok(Call("deployments.unpause", item))
        run = self.ok(Call("deployments.run", item))
        run_id = str(run["id"]) if run and "id" in run else placeholder("drun")
        if run and not run.get("session_id"):
            self.probe.report.fail("deployments.run", f"a manual Run created no Session: {run.get('error')}")
        elif run:
            session = self.ok(Call("sessions.get", {"session_id": run["session_id"]}), register=False)
            if session is not None and session.get("budget") != budget:
                self.probe.report.fail(
                    "deployments.run", f"the Run's Session lacks the budget: {session.get('budget')}"
                )
        self.ok(Call("deployment_runs.list", query=(("deployment_id", deployment_id), ("limit", "5"))))
        self.ok(Call("deployment_runs.get", {"deployment_run_id": run_id}))
        self.world.calls["deployments.create"] = create
        self.defer(Call("deployments.archive", item))

    def threads(self, agent_id: str, environment_id: str) -> None:
        """A coordinator Session delegates once (offline ``/delegate`` directive); the Thread operations read it."""
        roster = {"type": "coordinator", "agents": [agent_id, {"type": "advisor", "model": self.model}]}
        body = {"name": "conformance-lead", "model": self.model, "multiagent": roster, "metadata": SUITE_METADATA}
        create = Call("agents.create", json_body=body, label="valid request (coordinator)")
        coordinator = self.ok(create, register=False)
        member = self.probe.send(Call("agents.get", {"agent_id": agent_id}))
        if not coordinator or member.status_code != 200:
            return
        session_body = {"agent": coordinator["id"], "environment_id": environment_id, "metadata": SUITE_METADATA}
        session = self.ok(Call("sessions.create", json_body=session_body, label="valid request (team)"), register=False)
        session_id = str(session["id"]) if session else placeholder("sesn")
        listing = Call("sessions.threads.list", {"session_id": session_id}, query=(("limit", "5"),))
        self.ok(listing)
        name = member.json()["name"]
        echoes = _turns.send(self.probe, session_id, [_turns.message(f"/delegate {name} /report ready")], "delegate")
        child = _turns.wait_for_child(self.probe, session_id) if echoes else None
        thread_id = child or placeholder("sthr")
        path = {"session_id": session_id, "thread_id": thread_id}
        self.ok(Call("sessions.threads.get", path))
        ledger = self.ok(Call("sessions.threads.events.list", path, query=(("limit", "100"),)))
        self.world.calls["sessions.threads.stream"] = Call("sessions.threads.stream", path)
        events = (ledger or {}).get("data") or []
        if child and events:
            # Resume after the child's first event: the rest of its ledger is replayed, ending with its report.
            last = events[-1].get("id")
            streamed = _turns.follow(
                self.probe, session_id, events[0]["id"], lambda e: e.get("id") == last, thread_id=child
            )
            if streamed is not None and [e.get("id") for e in streamed] != [e.get("id") for e in events[1:]]:
                self.probe.report.fail("sessions.threads.stream", "the resumed Thread stream differs from its history")
        send = Call("sessions.events.send", {"session_id": session_id})
        wrong = {"events": [{"type": "user.interrupt", "session_thread_id": "sthr_conformance0000missing"}]}
        unknown = BadInput(send.but("an unknown session_thread_id", json_body=wrong), BAD_REQUEST)
        self.bad("sessions.events.send", unknown)
        self.defer(Call("sessions.threads.archive", path))

    def idempotent_send(self, session_id: str) -> None:
        """A replayed event send appends its events once."""

        def message(text: str) -> dict[str, Any]:
            return {"events": [{"type": "user.message", "content": [{"type": "text", "text": text}]}]}

        send = Call("sessions.events.send", {"session_id": session_id}, json_body=message("/text replayed"))
        answer = _idempotency.check_replay_and_conflict(self.probe, send, message("another"))
        if not isinstance(answer, dict) or not answer.get("data"):
            return
        event_id = answer["data"][0]["id"]
        history = self.probe.send(Call("sessions.events.list", {"session_id": session_id}, query=(("limit", "1000"),)))
        ids = [e.get("id") for e in history.json().get("data", [])] if history.status_code == 200 else []
        if ids.count(event_id) != 1:
            copies = ids.count(event_id)
            self.probe.report.fail("sessions.events.send", f"a replayed send left {copies} copies of its event")
        _turns.wait_finished(self.probe, session_id, event_id)

    def auto_permissions(self, environment_id: str) -> None:
        """An Agent with ``auto`` built-ins and a declared MCP toolset; one turn checks the recorded verdicts."""
        body = {
            "name": "conformance-auto",
            "model": self.model,
            "tools": [_turns.AUTO_TOOLSET, {"type": "mcp_toolset", "mcp_server_name": "unreachable"}],
            # Not reachable from any server (documentation range): discovery fails as a session.error.
            "mcp_servers": [{"type": "url", "name": "unreachable", "url": "https://192.0.2.1/mcp"}],
            "metadata": SUITE_METADATA,
        }
        agent = self.ok(
            Call("agents.create", json_body=body, label="valid request (auto and MCP agent)"), register=False
        )
        if not agent:
            return
        session_body = {"agent": agent["id"], "environment_id": environment_id, "metadata": SUITE_METADATA}
        session = self.ok(Call("sessions.create", json_body=session_body, label="valid request (auto)"), register=False)
        if session:
            _turns.auto_permission_turn(self.probe, str(session["id"]))

    def session_bad_events(self, session_id: str) -> None:
        send = Call("sessions.events.send", {"session_id": session_id})
        cases = {
            "no events": {"events": []},
            "unknown event type": {"events": [{"type": "user.bogus"}]},
            "user.message without content": {"events": [{"type": "user.message"}]},
            "user.message with string content": {"events": [{"type": "user.message", "content": "hi"}]},
            "a result for an unknown tool use": {
                "events": [{"type": "user.custom_tool_result", "custom_tool_use_id": "sevt_conformance0000missing"}]
            },
        }
        cases.update(self._media_cases())
        for label, body in cases.items():
            self.bad("sessions.events.send", BadInput(send.but(label, json_body=body), BAD_REQUEST))

    def _media_cases(self) -> dict[str, Any]:
        """Images and PDFs a server must refuse: bytes that are not what the block declares (whatever the
        model), and an image or a PDF for a model whose capabilities do not list image or PDF input."""

        def message(*content: dict[str, Any]) -> dict[str, Any]:
            return {"events": [{"type": "user.message", "content": list(content)}]}

        def image(media_type: str) -> dict[str, Any]:
            return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": PNG_B64}}

        def pdf(data: str) -> dict[str, Any]:
            return {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": data}}

        cases = {
            "an image whose bytes are not its media_type (a PNG sent as image/jpeg)": message(image("image/jpeg")),
            "a PDF document that cannot be read": message(pdf(base64.b64encode(b"%PDF-1.7 not a pdf").decode())),
        }
        if self.capabilities.get("image_input") is False:
            cases["an image for a model without image_input"] = message(image("image/png"))
        if self.capabilities.get("pdf_input") is False:
            cases["a PDF for a model without pdf_input"] = message(pdf(PDF_B64))
        return cases

    def work(self, environment_id: str) -> None:
        env = {"environment_id": environment_id}
        create = Call("environments.work.healthcheck.create", env, json_body={"metadata": SUITE_METADATA})
        queued = [self.created_id(create, "work") for _ in range(2)]
        self.ok(Call("environments.work.list", env, query=(("limit", "5"),)))
        self.ok(Call("environments.work.stats", env))
        claimed = []
        for _ in queued:
            poll = Call("environments.work.poll", env, query=(("block_ms", "500"), ("worker_id", "conformance")))
            body = self.ok(poll)
            claimed.append(str(body["id"]) if body and "id" in body else placeholder("work"))
        first, second = claimed
        item = {**env, "work_id": first}
        self.ok(Call("environments.work.get", item))
        self.ok(Call("environments.work.ack", item))
        beat = self.ok(Call("environments.work.heartbeat", item, query=(("expected_last_heartbeat", "NO_HEARTBEAT"),)))
        if beat and isinstance(beat.get("last_heartbeat"), str):
            # Later variants must pass the lease precondition, so that only the variant itself is wrong.
            echo = (("expected_last_heartbeat", beat["last_heartbeat"]),)
            self.world.calls["environments.work.heartbeat"] = Call("environments.work.heartbeat", item, query=echo)
        result = {"status": "healthy", "message": "conformance", "worker_id": "conformance"}
        self.ok(Call("environments.work.healthcheck.result", item, json_body=result))
        stopped = Call("environments.work.secrets", item, label="a healthcheck item (no Session, no lease)")
        self.bad("environments.work.secrets", BadInput(stopped, CONFLICT, "conflict_error"))
        other = {**env, "work_id": second}
        self.ok(Call("environments.work.ack", other), register=False)
        self.ok(Call("environments.work.stop", other, json_body={"force": True}))
        failure = {"error": {"type": "session_input_failed_error", "message": "conformance"}}
        self.ok(Call("environments.work.fail", {**env, "work_id": self.created_id(create, "work")}, json_body=failure))

    def tool_calls(self) -> None:
        """The operation journal: a worker-run ``bash`` call is started once (a second start is 409), then answered.

        The call is made on an Environment of its own that no worker polls; the suite starts it with its
        Workspace key (a worker would use its session token, fenced by the Work lease) and answers it.
        """
        bash = {"name": "bash", "permission_policy": {"type": "always_allow"}}
        body = {
            "name": "conformance-journal",
            "model": self.model,
            "tools": [{"type": "agent_toolset_20260401", "configs": [bash]}],
            "metadata": SUITE_METADATA,
        }
        agent = self.ok(Call("agents.create", json_body=body, label="valid request (journal agent)"), register=False)
        env_body = {"name": f"conformance-journal-{self.suffix}", "metadata": SUITE_METADATA}
        env = self.ok(Call("environments.create", json_body=env_body, label="valid request (journal)"), register=False)
        if not agent or not env:
            return
        session_body = {"agent": agent["id"], "environment_id": env["id"], "metadata": SUITE_METADATA}
        create = Call("sessions.create", json_body=session_body, label="valid request (journal)")
        session = self.ok(create, register=False)
        session_id = str(session["id"]) if session else placeholder("sesn")
        text = '/tool bash {"command": "echo conformance"}'
        echoes = _turns.send(self.probe, session_id, [_turns.message(text)], "valid request (bash turn)")
        streamed = _turns.follow(self.probe, session_id, str(echoes[0]["id"]), _is_tool_use) if echoes else None
        use_id = str((streamed or [{}])[-1].get("id") or placeholder("sevt"))
        start = Call("sessions.tool_calls.start", {"session_id": session_id, "tool_use_id": use_id}, json_body={})
        answer = self.ok(start)
        if answer is not None and answer.get("state") != "started":
            self.probe.report.fail(start.operation_id, f"a first start answered state {answer.get('state')!r}")
        self.bad(start.operation_id, BadInput(start.but("a second start of the same call"), CONFLICT, "conflict_error"))
        result = {"type": "user.tool_result", "tool_use_id": use_id, "content": [{"type": "text", "text": "done"}]}
        send = Call("sessions.events.send", {"session_id": session_id}, json_body={"events": [result]})
        self.ok(send.but("valid request (a started call's user.tool_result)"), register=False)
        self.leased_secrets(str(env["id"]), session_id)

    def leased_secrets(self, environment_id: str, session_id: str) -> None:
        """A worker reads its leased Session item's ``environment_variable`` secrets (this Session has none)."""
        env = {"environment_id": environment_id}
        poll = Call("environments.work.poll", env, query=(("block_ms", "900"), ("worker_id", "conformance-journal")))
        claimed = self.ok(poll.but("valid request (the journal Session's item)"), register=False)
        if not claimed or (claimed.get("data") or {}).get("id") != session_id:
            self.probe.report.fail("environments.work.secrets", "no Work item of the journal Session to lease")
            return
        item = {**env, "work_id": str(claimed["id"])}
        self.ok(Call("environments.work.ack", item).but("valid request (journal)"), register=False)
        answer = self.ok(Call("environments.work.secrets", item))
        if answer is not None and (answer.get("type"), answer.get("data")) != ("work_secrets", []):
            self.probe.report.fail("environments.work.secrets", f"a Session without vaults answered {answer!r:.200}")

    def files(self) -> None:
        upload = Call("files.upload", files={"file": ("conformance.txt", b"hello conformance\n", "text/plain")})
        file_id = self.created_id(upload, "file")
        self.ok(Call("files.list", query=(("limit", "5"), ("order", "desc"))))
        self.ok(Call("files.get", {"file_id": file_id}))
        self.ok(Call("files.content", {"file_id": file_id}))
        doomed = self.created_id(upload.but("valid request (to delete)"), "file")
        self.world.calls["files.upload"] = upload
        self.defer(Call("files.delete", {"file_id": doomed}))

    def skills(self) -> None:
        name = f"conformance-{self.suffix}"
        archive = ("skill.zip", skill_zip(name), "application/zip")
        create = Call("skills.create", files={"file": archive}, form={"display_title": "Conformance"})
        skill_id = self.created_id(create, "skill")
        self.ok(Call("skills.list", query=(("limit", "5"),)))
        self.ok(Call("skills.get", {"skill_id": skill_id}))
        added = self.ok(Call("skills.versions.create", {"skill_id": skill_id}, files={"file": archive}))
        version = {"skill_id": skill_id, "version": str(added["version"]) if added and "version" in added else "2"}
        self.ok(Call("skills.versions.list", {"skill_id": skill_id}, query=(("limit", "5"),)))
        self.ok(Call("skills.versions.get", version))
        self.ok(Call("skills.versions.content", version))
        self.defer(Call("skills.versions.delete", {"skill_id": skill_id, "version": "1"}))
        other = Call("skills.create", files={"file": ("skill.zip", skill_zip(name + "-delete"), "application/zip")})
        self.defer(
            Call("skills.delete", {"skill_id": self.created_id(other.but("valid request (to delete)"), "skill")})
        )
        self.world.calls["skills.create"] = create

    def memory_stores(self) -> None:
        create = Call("memory_stores.create", json_body={"name": "conformance", "metadata": SUITE_METADATA})
        store_id = self.created_id(create, "memstore")
        store = {"memory_store_id": store_id}
        self.ok(Call("memory_stores.list", query=(("limit", "5"),)))
        self.ok(Call("memory_stores.get", store))
        self.ok(Call("memory_stores.update", store, json_body={"description": "Updated by the conformance suite."}))
        memory = Call("memory_stores.memories.create", store, json_body={"path": "notes/a.md", "content": "hello"})
        memory_id = self.created_id(memory, "mem")
        item = {**store, "memory_id": memory_id}
        self.ok(Call("memory_stores.memories.list", store, query=(("limit", "5"), ("path_prefix", "notes/"))))
        self.ok(Call("memory_stores.memories.get", item, query=(("view", "full"),)))
        self.ok(Call("memory_stores.memories.update", item, json_body={"content": "hello again"}))
        versions = self.ok(Call("memory_stores.memory_versions.list", store, query=(("limit", "5"),)))
        data = (versions or {}).get("data") or [{}]
        version = {**store, "memory_version_id": str(data[-1].get("id") or placeholder("memver"))}
        self.ok(Call("memory_stores.memory_versions.get", version))
        self.ok(Call("memory_stores.memory_versions.redact", version))
        self.defer(Call("memory_stores.memories.delete", item))
        for purpose in ("archive", "delete"):
            doomed = self.created_id(create.but(f"valid request (to {purpose})"), "memstore")
            self.defer(Call(f"memory_stores.{purpose}", {"memory_store_id": doomed}))
        self.world.calls["memory_stores.create"] = create

    def webhooks(self) -> None:
        # Created disabled, on a name that never resolves: the suite must not make the server call out.
        create = Call(
            "webhooks.create",
            json_body={
                "url": "https://hooks.conformance.invalid/mango",
                "event_types": ["session.created"],
                "enabled": False,
                "metadata": SUITE_METADATA,
            },
        )
        hook = {"webhook_id": self.created_id(create, "whk")}
        self.ok(Call("webhooks.list", query=(("limit", "5"),)))
        self.ok(Call("webhooks.get", hook))
        self.ok(Call("webhooks.update", hook, json_body={"description": "Updated by the conformance suite."}))
        self.ok(Call("webhooks.rotate_secret", hook))
        self.defer(Call("webhooks.delete", hook))
        self.world.calls["webhooks.create"] = create

    def vaults(self, agent_id: str, environment_id: str) -> None:
        """A vault with a ``static_bearer`` credential; no answer ever carries the credential's secret.

        A Session names the vault in ``vault_ids``; an Agent whose MCP URL carries a credential is a 400.
        """
        create = Call("vaults.create", json_body={"display_name": "conformance", "metadata": SUITE_METADATA})
        vault = {"vault_id": self.created_id(create, "vlt")}
        self.ok(Call("vaults.list", query=(("limit", "5"),)))
        self.ok(Call("vaults.get", vault))
        self.ok(Call("vaults.update", vault, json_body={"metadata": {"step": "updated"}}))
        secret, renewed = (f"conformance-secret-{secrets.token_hex(16)}" for _ in range(2))
        url = "https://mcp.conformance.invalid/mcp"
        auth = {"type": "static_bearer", "mcp_server_url": url, "token": secret}
        add = Call("vaults.credentials.create", vault, json_body={"auth": auth, "metadata": SUITE_METADATA})
        answers = [self.ok(add)]
        credential = {**vault, "credential_id": str((answers[0] or {}).get("id") or placeholder("vcrd"))}
        answers.append(self.ok(Call("vaults.credentials.list", vault, query=(("limit", "5"),))))
        answers.append(self.ok(Call("vaults.credentials.get", credential)))
        change = {"auth": {"type": "static_bearer", "token": renewed}, "display_name": "conformance"}
        answers.append(self.ok(Call("vaults.credentials.update", credential, json_body=change)))
        for operation_id, answer in zip(
            (
                "vaults.credentials.create",
                "vaults.credentials.list",
                "vaults.credentials.get",
                "vaults.credentials.update",
            ),
            answers,
            strict=True,
        ):
            text = json.dumps(answer)
            if secret in text or renewed in text:
                self.probe.report.fail(operation_id, "the answer carries a credential's write-only secret")
        duplicate = add.but("a second credential for the same server URL", json_body={"auth": {**auth, "token": "x"}})
        self.bad("vaults.credentials.create", BadInput(duplicate, CONFLICT, "conflict_error"))
        session_body = {
            "agent": agent_id,
            "environment_id": environment_id,
            "vault_ids": [vault["vault_id"]],
            "metadata": SUITE_METADATA,
        }
        session = self.ok(
            Call("sessions.create", json_body=session_body, label="valid request (vault_ids)"), register=False
        )
        if session is not None and session.get("vault_ids") != [vault["vault_id"]]:
            self.probe.report.fail("sessions.create", f"vault_ids were not kept: {session.get('vault_ids')}")
        missing = {**session_body, "vault_ids": ["vlt_conformance0000missing"]}
        self.bad(
            "sessions.create", BadInput(Call("sessions.create", json_body=missing, label="an unknown vault"), REFUSED)
        )
        leaky = {"type": "url", "name": "leaky", "url": "https://user:conformance@mcp.conformance.invalid/mcp"}
        agent = Call(
            "agents.create",
            json_body={"name": "conformance", "model": self.model, "mcp_servers": [leaky]},
            label="an MCP URL carrying a credential",
        )
        self.bad("agents.create", BadInput(agent, BAD_REQUEST))
        self.defer(Call("vaults.credentials.delete", credential))
        for purpose in ("archive", "delete"):
            doomed = (
                vault
                if purpose == "archive"
                else {"vault_id": self.created_id(create.but("valid request (to delete)"), "vlt")}
            )
            self.defer(Call(f"vaults.{purpose}", doomed))
        self.world.calls["vaults.create"] = create


def _is_tool_use(event: dict[str, Any]) -> bool:
    return event.get("type") == "agent.tool_use"
