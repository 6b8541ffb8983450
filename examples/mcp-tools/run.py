"""Mango with MCP tools: an agent uses an MCP server's tools; `auto` allows the read, a human approves the refund.

Run after `make dev` (started with MANGO_EGRESS_ALLOW=127.0.0.1/32 so the orchestrator may reach a
server on this machine) and `source .mango/dev.env`:

    python examples/mcp-tools/run.py            # starts orders_server.py on a free port itself
    python examples/mcp-tools/run.py --deny     # the human denies the refund instead
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

from mango import Mango
from mango.types import (
    AgentMcpToolResultEvent,
    AgentMcpToolUseEvent,
    AgentMessageEvent,
    PermissionEvaluation,
    SessionErrorEvent,
    SessionStatusIdleEvent,
)

HERE = Path(__file__).resolve().parent


def start_orders_server() -> tuple[subprocess.Popen[bytes], str]:
    """Our MCP server, on a free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(HERE / "orders_server.py"), str(port)])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server, f"http://127.0.0.1:{port}/mcp"
        time.sleep(0.1)
    server.kill()
    raise RuntimeError("the orders MCP server did not start")


def approve(event: AgentMcpToolUseEvent, deny: bool) -> dict[str, object]:
    """Our application's approval step (a real one would ask a person)."""
    verdict = "deny" if deny else "allow"
    print(f"approval: {verdict} {event.name} {event.input_.to_dict()}")
    return {"type": "user.tool_confirmation", "tool_use_id": event.id, "result": verdict}


def main() -> int:
    deny = "--deny" in sys.argv
    server, url = start_orders_server()
    try:
        with Mango() as client:  # reads MANGO_BASE_URL and MANGO_API_KEY
            agent = client.agents.create(
                name="orders-assistant",
                model="mango-offline-1",
                mcp_servers=[{"type": "url", "name": "orders", "url": url}],
                tools=[
                    {
                        "type": "mcp_toolset",
                        "mcp_server_name": "orders",
                        # List the tools: a tool the server adds later is never offered silently.
                        "default_config": {"permission_policy": {"type": "auto"}},
                        "configs": [{"name": "lookup_order"}, {"name": "refund_order"}],
                    }
                ],
            )
            environment = client.environments.create(name=f"mcp-tools-{uuid.uuid4().hex[:8]}")
            session = client.sessions.create(agent=agent.id, environment_id=environment.id)
            print(f"session {session.id}")
            return converse(client, session.id, deny)
    finally:
        server.terminate()
        server.wait(timeout=10)


def converse(client: Mango, session_id: str, deny: bool) -> int:
    calls: dict[str, AgentMcpToolUseEvent] = {}
    reply = ""
    with client.sessions.events.stream(session_id) as stream:
        # mango-offline-1 treats `/tool NAME {json}` lines as tool calls; a real model would decide itself.
        text = (
            "Order A-100 arrived broken; refund it.\n"
            '/tool lookup_order {"order_id": "A-100"}\n'
            '/tool refund_order {"order_id": "A-100", "reason": "arrived broken"}'
        )
        client.sessions.events.send(
            session_id, events=[{"type": "user.message", "content": [{"type": "text", "text": text}]}]
        )
        for event in stream:
            if isinstance(event, AgentMcpToolUseEvent):
                calls[event.id] = event
                evaluation = event.evaluation.to_dict() if isinstance(event.evaluation, PermissionEvaluation) else {}
                print(f"mcp call: {event.name} -> {event.evaluated_permission} ({evaluation.get('reason', '')})")
            elif isinstance(event, AgentMcpToolResultEvent):
                print(f"mcp result: {''.join(block.text for block in event.content)}")
            elif isinstance(event, AgentMessageEvent):
                reply = "".join(block.text for block in event.content)
            elif isinstance(event, SessionErrorEvent):
                print(f"session error: {event.error.to_dict()}", file=sys.stderr)
            elif isinstance(event, SessionStatusIdleEvent):
                stop = event.stop_reason
                if stop.type_ == "end_turn":
                    break
                if stop.type_ != "requires_action":
                    print(f"the turn stopped: {stop.type_}", file=sys.stderr)
                    return 1
                answers = [approve(calls[i], deny) for i in stop.event_ids if i in calls]
                client.sessions.events.send(session_id, events=answers)
        else:
            print("the stream ended before the turn did", file=sys.stderr)
            return 1
    print(f"final reply: {reply}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
