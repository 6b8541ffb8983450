"""Mango multi-agent Session: a release lead delegates to two specialists, consults an Advisor and decides.

The coordinator Agent has a roster (a QA specialist, an operations specialist and an Advisor). It
delegates one task to each; the specialists read synthetic release facts through the
application's ``read_facts`` custom tool, whose calls are cross-posted to the Session's stream
with their ``session_thread_id`` and answered by this program; each specialist's final reply
arrives as a report. After every report the application asks the lead for the release decision,
then follows up with the QA specialist through ``send_to_agent`` (the same Thread, not a new one).

Run after ``make dev`` and ``source .mango/dev.env``:

    python examples/specialist-team/run.py                  # the offline model (deterministic)
    python examples/specialist-team/run.py --model MODEL    # a real model: the prompts carry the work

With the offline model the messages also carry its directives (``/delegate``, ``/send_to_agent``,
``/report``), so every step happens without a provider; with a real model they are left out.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from mango import Mango

OFFLINE = "mango-offline-1"
FACTS = {
    "quality": "release 2.4.0: 1204 tests passed, 0 failed; 1 open blocker: the 0014 migration rollback is unrehearsed",
    "operations": "release 2.4.0: canary healthy for 48h, p99 latency unchanged, on-call staffed for the rollout",
}
READ_FACTS = {
    "type": "custom",
    "name": "read_facts",
    "description": "Read the synthetic release facts about one topic: quality or operations.",
    "input_schema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]},
}
LEAD_SYSTEM = (
    "You lead a release-readiness review. Delegate the quality review to qa-specialist and the operations "
    "review to ops-specialist, consult the advisor, then decide READY or NOT READY with reasons."
)


def _as_dict(event: Any) -> dict[str, Any]:
    return dict(event) if isinstance(event, dict) else dict(event.to_dict())


def _text(event: dict[str, Any]) -> str:
    """The last text block: a Thread message starts with a header block naming its sender."""
    texts = [str(b.get("text", "")) for b in event.get("content") or [] if isinstance(b, dict)]
    return texts[-1] if texts else ""


class Team:
    """One Session of the team and the application's side of its stream."""

    def __init__(self, client: Mango, model: str) -> None:
        self.client = client
        self.model = model
        self.offline = model == OFFLINE
        self.session_id = ""
        self.events: Iterator[Any] = iter(())
        self.reports: list[dict[str, Any]] = []
        self.names: dict[str, str] = {}  # thread id -> agent name

    def build(self) -> None:
        tag = uuid.uuid4().hex[:6]
        qa = self.client.agents.create(
            name="qa-specialist",
            model=self.model,
            system="You review test results and open blockers. Read the quality facts, then report briefly.",
            tools=[READ_FACTS],
            metadata={"example": f"specialist-team-{tag}"},
        )
        ops = self.client.agents.create(
            name="ops-specialist",
            model=self.model,
            system="You review rollout health. Read the operations facts, then report briefly.",
            tools=[READ_FACTS],
            metadata={"example": f"specialist-team-{tag}"},
        )
        roster = {"type": "coordinator", "agents": [qa.id, ops.id, {"type": "advisor", "model": self.model}]}
        lead = self.client.agents.create(name="release-lead", model=self.model, system=LEAD_SYSTEM, multiagent=roster)
        environment = self.client.environments.create(name=f"specialist-team-{tag}")
        self.session_id = self.client.sessions.create(agent=lead.id, environment_id=environment.id).id
        print(f"session {self.session_id}")
        self.events = iter(self.client.sessions.events.stream(self.session_id).open())

    def say(self, text: str, directives: str = "") -> None:
        body = text + ("\n" + directives if self.offline and directives else "")
        message = {"type": "user.message", "content": [{"type": "text", "text": body}]}
        self.client.sessions.events.send(self.session_id, events=[message])

    def follow(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Handle the primary stream's events until ``done`` accepts one (the application's event loop)."""
        for raw in self.events:
            event = _as_dict(raw)
            kind = event.get("type")
            if kind == "session.thread_created":
                self.names[str(event["session_thread_id"])] = str(event["agent_name"])
                print(f"thread created: {event['agent_name']} ({event['session_thread_id']})")
            elif kind == "agent.custom_tool_use" and event.get("name") == "read_facts":
                self.answer(event)
            elif kind == "agent.thread_message_received":
                self.reports.append(event)
                print(f"report from {event.get('from_agent_name')}: {_text(event)}")
            elif kind == "session.error":
                print(f"error: {event.get('error')}")
            if done(event):
                return event
        raise RuntimeError("the stream ended before the step finished")

    def answer(self, event: dict[str, Any]) -> None:
        """Our application owns read_facts: answer it on the Session, routed to the asking Thread."""
        topic = str((event.get("input") or {}).get("topic"))
        thread_id = event.get("session_thread_id")
        print(f"child tool call: {self.names.get(str(thread_id), thread_id)} read_facts {topic}")
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": event["id"],
            "content": [{"type": "text", "text": FACTS.get(topic, f"no facts about {topic}")}],
            "session_thread_id": thread_id,
        }
        self.client.sessions.events.send(self.session_id, events=[result])

    def idle_after_reports(self, count: int) -> Callable[[dict[str, Any]], bool]:
        def done(event: dict[str, Any]) -> bool:
            if len(self.reports) < count or event.get("type") != "session.status_idle":
                return False
            return bool(self.client.sessions.get(self.session_id).status == "idle")

        return done


def main() -> int:
    model = sys.argv[sys.argv.index("--model") + 1] if "--model" in sys.argv else OFFLINE
    with Mango() as client:  # reads MANGO_BASE_URL and MANGO_API_KEY
        team = Team(client, model)
        team.build()
        tool = lambda topic: "/tool read_facts " + json.dumps({"topic": topic})  # noqa: E731
        team.say(
            "Is release 2.4.0 ready? Delegate the reviews and consult the advisor.",
            "\n".join(
                [
                    f"/delegate qa-specialist {tool('quality')}",
                    f"/delegate ops-specialist {tool('operations')}",
                    "/delegate advisor /report Hold a release with an unrehearsed rollback; everything else can ship.",
                ]
            ),
        )
        team.follow(team.idle_after_reports(3))
        team.say(
            "All reports are in. Decide: READY or NOT READY, with the reasons.",
            "/text DECISION: NOT READY - tests and rollout are green, but the 0014 migration rollback is unrehearsed",
        )
        decision = team.follow(lambda e: e.get("type") == "agent.message")
        print(f"decision: {_text(decision)}")
        team.follow(lambda e: e.get("type") == "session.status_idle")
        qa_thread = next(t for t, name in team.names.items() if name == "qa-specialist")
        team.say(
            "Ask the QA specialist who owns the rollback blocker.",
            f"/send_to_agent {qa_thread} /report The platform team owns it; the rehearsal is booked for Thursday.",
        )
        team.follow(team.idle_after_reports(4))
        threads = list(client.sessions.threads.list(team.session_id))
        print(f"follow-up reused thread {qa_thread}: {sum(t.id == qa_thread for t in threads) == 1}")
        for thread in threads:
            role = "primary" if thread.parent_thread_id is None else "child"
            print(f"thread {thread.agent_name} ({role}): {thread.status}, {thread.usage.output_tokens} output tokens")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
