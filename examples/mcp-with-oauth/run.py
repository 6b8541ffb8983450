"""Mango with an MCP server that requires OAuth: the credential lives in a vault, and a Session carries
on across the expiry of its access token because Mango refreshes it.

Run after `make dev` (started with MANGO_EGRESS_ALLOW=127.0.0.1/32, so the orchestrator may reach a
server on this machine, and with a keyring, which `make dev` creates) and `source .mango/dev.env`:

    python examples/mcp-with-oauth/run.py       # starts notes_server.py on a free port itself
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from mango import Mango
from mango.types import AgentMcpToolResultEvent, SessionErrorEvent, SessionStatusIdleEvent

HERE = Path(__file__).resolve().parent


def start_notes_server() -> tuple[subprocess.Popen[bytes], str]:
    """The OAuth-protected MCP server and its token endpoint, on a free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(HERE / "notes_server.py"), str(port)])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server, f"http://127.0.0.1:{port}"
        time.sleep(0.1)
    server.kill()
    raise RuntimeError("the notes MCP server did not start")


def turn(client: Mango, session_id: str, label: str) -> bool:
    """One user message asking for the notes; prints the tool result. Returns whether the turn ended well."""
    with client.sessions.events.stream(session_id) as stream:
        # mango-offline-1 treats `/tool NAME {json}` lines as tool calls; a real model would decide itself.
        message = {"type": "user.message", "content": [{"type": "text", "text": "/tool read_notes {}"}]}
        client.sessions.events.send(session_id, events=[message])
        for event in stream:
            if isinstance(event, AgentMcpToolResultEvent):
                print(f"{label}: mcp result: {''.join(block.text for block in event.content)}")
            elif isinstance(event, SessionErrorEvent):
                print(f"{label}: session error: {event.error.message}")
            elif isinstance(event, SessionStatusIdleEvent):
                print(f"{label}: idle ({event.stop_reason.type_})")
                return event.stop_reason.type_ == "end_turn"
    return False


def main() -> int:
    server, base = start_notes_server()
    try:
        with Mango() as client, httpx.Client(base_url=base) as auth_server:  # reads MANGO_BASE_URL and MANGO_API_KEY
            # A real application gets these from the authorization-code flow, with a person signing in.
            tokens = auth_server.post("/demo/authorize").json()
            expires_at = datetime.now(UTC) + timedelta(seconds=tokens["expires_in"])
            vault = client.vaults.create(display_name="notes-oauth")
            credential = client.vaults.credentials.create(
                vault.id,
                auth={
                    "type": "mcp_oauth",
                    "mcp_server_url": f"{base}/mcp",
                    "access_token": tokens["access_token"],
                    "expires_at": expires_at.isoformat(),
                    "refresh": {
                        "client_id": "notes-app",
                        "refresh_token": tokens["refresh_token"],
                        "token_endpoint": f"{base}/token",
                        "token_endpoint_auth": {"type": "none"},
                        "scope": "notes:read",
                    },
                },
            )
            print(f"vault {vault.id}: credential {credential.id} (secrets write-only: the answer has no token)")
            agent = client.agents.create(
                name="notes-reader",
                model="mango-offline-1",
                mcp_servers=[{"type": "url", "name": "notes", "url": f"{base}/mcp"}],
                tools=[
                    {
                        "type": "mcp_toolset",
                        "mcp_server_name": "notes",
                        "default_config": {"permission_policy": {"type": "always_allow"}},
                        "configs": [{"name": "read_notes"}],
                    }
                ],
            )
            environment = client.environments.create(name=f"mcp-with-oauth-{uuid.uuid4().hex[:8]}")
            session = client.sessions.create(agent=agent.id, environment_id=environment.id, vault_ids=[vault.id])
            print(f"session {session.id}")
            if not turn(client, session.id, "turn 1"):
                return 1
            print(f"the authorization server expires the access token: {auth_server.post('/demo/expire').json()}")
            if not turn(client, session.id, "turn 2"):
                return 1
            refreshes = auth_server.get("/demo/stats").json()["refreshes"]
            after = client.vaults.credentials.get(vault.id, credential.id)
            print(f"token endpoint refreshes: {refreshes}")
            print(f"credential expires_at: {after.auth.expires_at} (was {expires_at.isoformat()})")
            return 0 if refreshes == 1 else 1
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
