"""Authenticated MCP end to end: vault credentials sent to real MCP servers on loopback (built with the
``mcp`` SDK's server side, requiring bearer tokens) and OAuth refresh against a local token endpoint,
on real PostgreSQL, Temporal, NATS and the orchestrator.

Checked: the right credential succeeds and none fails clearly; the legacy HTTP+SSE transport is
used where streamable HTTP is refused; a token that expires before use or is refused mid-Session is
refreshed once (with rotation of the refresh token, client authentication, scope and resource);
two refreshers racing on two connections refresh once; a ``kill -9`` of the orchestrator while the
token endpoint holds its answer loses no token (the refresh's transaction aborts, its row lock is
released, the previous tokens stay stored, and the restarted orchestrator refreshes once more);
a revoked refresh token pauses the Session
with ``credential_failed`` and a recoverable ``session.error`` naming the credential, and updating
the credential resumes it; no secret value is found in PostgreSQL rows, Temporal histories, logs or
SSE output.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server import keyring
from mango_server.app.mcp_tokens import McpTokens
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.domain.vaults import McpCredential
from mango_server.orchestration.types import workflow_id
from mango_server.store import vaults
from mango_server.store.db import create_pool
from mango_server.tools.egress import EgressPolicy
from temporalio.client import Client

from tests.support.oauth_mcp import CLIENT_ID, CLIENT_SECRET, Hold, Issuer, OAuthMcpServer

from ._client import client, history, read_stream, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

WHOAMI = "/tool whoami {}"
ISSUERS: list[Issuer] = []  # every issuer of the module: its tokens are the secrets the last test scans for
SESSIONS: list[str] = []
LOCK_NOWAIT = "SELECT 1 FROM vault_credentials WHERE id = $1 FOR UPDATE NOWAIT"


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    ring = tmp_path_factory.mktemp("mcp-auth-keyring") / "keyring.json"
    keyring.save(ring, keyring.Keyring.generate())
    env = {"MANGO_KEYRING_FILE": str(ring), "MANGO_EGRESS_ALLOW": "127.0.0.1/32"}
    running = Platform(mango_services, tmp_path_factory.mktemp("mcp-auth"), extra_env=env).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("mcp-auth")


@pytest.fixture
def http(platform: Platform, tenant: Tenant) -> Iterator[httpx.Client]:
    with client(platform, tenant) as c:
        yield c


def _serve(issuer: Issuer | None = None, transport: str = "streamable") -> OAuthMcpServer:
    server = OAuthMcpServer(issuer, transport=transport)  # type: ignore[arg-type]
    ISSUERS.append(server.issuer)
    return server


def _session(http: httpx.Client, url: str, vault_ids: list[str] | None = None) -> str:
    toolset = {"type": "mcp_toolset", "mcp_server_name": "secure"}
    toolset["default_config"] = {"permission_policy": {"type": "always_allow"}}  # type: ignore[assignment]
    agent = http.post(
        "/v1/agents",
        json={
            "name": "mcp-auth",
            "model": "mango-offline-1",
            "mcp_servers": [{"type": "url", "name": "secure", "url": url}],
            "tools": [toolset],
        },
    )
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"mcp-auth-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    body = {"agent": agent.json()["id"], "environment_id": env.json()["id"], "vault_ids": vault_ids or []}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    SESSIONS.append(session.json()["id"])
    return str(session.json()["id"])


def _vault(http: httpx.Client, auth: dict[str, Any]) -> tuple[str, str]:
    vault = http.post("/v1/vaults", json={"display_name": "mcp-auth"})
    assert vault.status_code == 200, vault.text
    credential = http.post(f"/v1/vaults/{vault.json()['id']}/credentials", json={"auth": auth})
    assert credential.status_code == 200, credential.text
    return vault.json()["id"], credential.json()["id"]


def _oauth(
    server: OAuthMcpServer, access: str, *, expires_in: float = 3600, refresh: str | None = None
) -> dict[str, Any]:
    auth_kind = server.issuer.client_auth
    endpoint_auth: dict[str, Any] = {"type": auth_kind}
    if auth_kind != "none":
        endpoint_auth["client_secret"] = CLIENT_SECRET
    expires_at = (datetime.now(UTC) + timedelta(seconds=expires_in)).isoformat().replace("+00:00", "Z")
    return {
        "type": "mcp_oauth",
        "mcp_server_url": server.url,
        "access_token": access,
        "expires_at": expires_at,
        "refresh": {
            "client_id": CLIENT_ID,
            "refresh_token": refresh or server.issuer.mint_refresh(),
            "token_endpoint": server.token_url,
            "token_endpoint_auth": endpoint_auth,
            "scope": "tools:read",
            "resource": server.url,
        },
    }


def _of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def _results(http: httpx.Client, sid: str) -> list[tuple[str, bool]]:
    return [(r["content"][0]["text"], r["is_error"]) for r in _of(history(http, sid), "agent.mcp_tool_result")]


def _health(http: httpx.Client, sid: str) -> dict[str, Any]:
    """The primary Thread's health of the ``secure`` server."""
    threads = http.get(f"/v1/sessions/{sid}/threads")
    assert threads.status_code == 200, threads.text
    [primary] = [t for t in threads.json()["data"] if t["parent_thread_id"] is None]
    [health] = primary["mcp_servers"]
    assert health["mcp_server_name"] == "secure"
    return dict(health)


def test_the_right_credential_succeeds_and_none_fails_clearly(http: httpx.Client) -> None:
    with _serve() as server:
        bare = _session(http, server.url)
        say(http, bare, WHOAMI)
        wait_status(http, bare, "end_turn", timeout=60)
        [error] = _of(history(http, bare), "session.error")
        assert error["error"]["type"] == "mcp_connection_failed_error"
        assert "requires authorization (HTTP 401)" in error["error"]["message"]
        assert "vault" in error["error"]["message"]
        assert server.calls["whoami"] == 0
        health = _health(http, bare)
        assert health["last_discovered_at"] is None
        assert "requires authorization" in health["last_error"]["message"]

        vault_id, _ = _vault(
            http, {"type": "static_bearer", "mcp_server_url": server.url, "token": server.issuer.mint_access()}
        )
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert _results(http, sid) == [(f"hello {CLIENT_ID}", False)]
        assert _of(history(http, sid), "session.error") == []
        assert server.calls["whoami"] == 1
        health = _health(http, sid)
        assert health["last_discovered_at"] is not None
        assert health["last_error"] is None


def test_the_legacy_sse_transport_is_used_where_streamable_http_is_refused(http: httpx.Client) -> None:
    with _serve(transport="sse") as server:
        vault_id, _ = _vault(
            http, {"type": "static_bearer", "mcp_server_url": server.url, "token": server.issuer.mint_access()}
        )
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert _results(http, sid) == [(f"hello {CLIENT_ID}", False)]
        assert server.calls["whoami"] == 1


def test_a_token_near_its_expiry_is_refreshed_before_use(http: httpx.Client) -> None:
    with _serve(Issuer(client_auth="client_secret_post")) as server:
        first = server.issuer.mint_access()
        vault_id, _ = _vault(http, _oauth(server, first, expires_in=20))  # within the refresh margin
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert _results(http, sid) == [(f"hello {CLIENT_ID}", False)]
        assert server.issuer.refreshes == 1  # refreshed once, before discovery; the call reused it
        [form] = server.issuer.requests
        assert (form["client_id"], form["client_secret"]) == (CLIENT_ID, CLIENT_SECRET)
        assert (form["scope"], form["resource"]) == ("tools:read", server.url)


def test_a_token_refused_mid_session_is_refreshed_once_and_rotation_is_kept(http: httpx.Client) -> None:
    with _serve(Issuer(client_auth="client_secret_basic", rotate=True)) as server:
        first = server.issuer.mint_access()
        vault_id, _ = _vault(http, _oauth(server, first))
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert server.issuer.refreshes == 0

        server.issuer.expire(first)  # the server stops accepting it before Mango's recorded expiry
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert server.issuer.refreshes == 1
        assert "client_secret" not in server.issuer.requests[0]  # client_secret_basic: in the header only
        assert _results(http, sid) == [(f"hello {CLIENT_ID}", False)] * 2
        assert server.calls["whoami"] == 2  # the refused call never ran; its one retry did

        # The endpoint rotated the refresh token: only the new one works, so a second refresh proves it was stored.
        with server.issuer.lock:
            [second] = [t for t, expiry in server.issuer.access.items() if expiry > time.time()]
        server.issuer.expire(second)
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert server.issuer.refreshes == 2
        assert _results(http, sid)[-1] == (f"hello {CLIENT_ID}", False)
        assert _of(history(http, sid), "session.error") == []


def test_two_refreshers_racing_on_two_connections_refresh_once(platform: Platform, http: httpx.Client) -> None:
    with _serve(Issuer(rotate=True, delay=1.0)) as server:
        first = server.issuer.mint_access()
        vault_id, credential_id = _vault(http, _oauth(server, first))
        sid = _session(http, server.url, [vault_id])
        ring = keyring.load(Path(platform.extra_env["MANGO_KEYRING_FILE"]))
        policy = EgressPolicy.from_setting("127.0.0.1/32")

        async def race() -> list[McpCredential]:
            pools = [await create_pool(platform.database_url, min_size=1, max_size=2) for _ in range(2)]
            try:
                tokens = [McpTokens(pool, ring, policy) for pool in pools]
                found = await tokens[0].credential(sid, server.url)
                assert found is not None
                assert found.credential_id == credential_id
                return list(await asyncio.gather(*(t.refreshed(found, refused=found.token) for t in tokens)))
            finally:
                for pool in pools:
                    await pool.close()

        one, two = asyncio.run(race())
        assert server.issuer.refreshes == 1
        assert len(server.issuer.requests) == 1  # the second refresher never asked the endpoint
        assert one.token == two.token
        assert server.issuer.valid(one.token.reveal())


def _stored_after_the_crash(platform: Platform, sid: str, server: OAuthMcpServer, credential_id: str) -> McpCredential:
    """The stored credential (read, never refreshed) once its row lock is free again."""
    ring = keyring.load(Path(platform.extra_env["MANGO_KEYRING_FILE"]))

    async def read() -> McpCredential:
        pool = await create_pool(platform.database_url, min_size=1, max_size=1)  # its JSON codecs decode the row
        try:
            async with pool.acquire() as conn:
                deadline = time.monotonic() + 30
                while True:  # PostgreSQL aborts the dead client's transaction once it sees its socket closed
                    try:
                        async with conn.transaction():
                            await conn.execute(LOCK_NOWAIT, credential_id)
                        break
                    except asyncpg.LockNotAvailableError:
                        assert time.monotonic() < deadline, "the killed refresh's row lock was never released"
                        await asyncio.sleep(0.2)
                found = await vaults.credentials_for(conn, ring, sid, server.url)
        finally:
            await pool.close()
        assert found is not None
        assert found.credential_id == credential_id
        return found

    return asyncio.run(read())


def _row_is_locked(platform: Platform, credential_id: str) -> bool:
    async def probe() -> bool:
        conn = await asyncpg.connect(platform.database_url)
        try:
            async with conn.transaction():
                await conn.execute(LOCK_NOWAIT, credential_id)
            return False
        except asyncpg.LockNotAvailableError:
            return True
        finally:
            await conn.close()

    return asyncio.run(probe())


def test_an_orchestrator_killed_mid_refresh_loses_no_token(platform: Platform, http: httpx.Client) -> None:
    # The refresh before use (the token is within the margin of its expiry) runs before discovery,
    # which is retried after a crash; a refresh after a 401 runs inside a call already marked
    # started, which a crash leaves ambiguous and never sends again.
    hold = Hold()
    with _serve(Issuer(client_auth="client_secret_post", hold=hold)) as server:  # its refresh token does not rotate
        first = server.issuer.mint_access()
        refresh = server.issuer.mint_refresh()
        vault_id, credential_id = _vault(http, _oauth(server, first, expires_in=20, refresh=refresh))
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        try:
            assert hold.reached.wait(60), "the orchestrator never asked the token endpoint"
            assert _row_is_locked(platform, credential_id)  # the refresh holds the lock while it waits
            platform.kill_role("orchestrator")
            stored = _stored_after_the_crash(platform, sid, server, credential_id)
        finally:
            hold.release.set()  # the held answer goes to a closed socket
        assert stored.token.reveal() == first  # the previous tokens, unchanged
        assert stored.refresh is not None
        assert stored.refresh.refresh_token.reveal() == refresh
        assert len(server.issuer.requests) == 1

        platform.start_role("orchestrator")
        wait_status(http, sid, "end_turn", timeout=180)
        assert len(server.issuer.requests) == 2  # the lost refresh ran once more, and only once
        assert _results(http, sid) == [(f"hello {CLIENT_ID}", False)]
        assert _of(history(http, sid), "session.error") == []
        assert server.calls["whoami"] == 1
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
        assert _health(http, sid)["last_discovered_at"] is not None


def test_a_revoked_refresh_token_pauses_the_session_until_the_credential_is_updated(http: httpx.Client) -> None:
    with _serve(Issuer(rotate=True)) as server:
        first = server.issuer.mint_access()
        vault_id, credential_id = _vault(http, _oauth(server, first))
        sid = _session(http, server.url, [vault_id])
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)

        server.issuer.expire(first)
        server.issuer.revoke_all_refresh()
        say(http, sid, WHOAMI)
        session = wait_status(http, sid, "credential_failed", timeout=60)
        stop = session["stop_reason"]
        assert (stop["mcp_server_name"], stop["vault_id"], stop["credential_id"]) == ("secure", vault_id, credential_id)
        assert "invalid_grant" in stop["message"]
        [error] = _of(history(http, sid), "session.error")
        assert error["error"]["type"] == "mcp_authentication_failed_error"
        assert credential_id in error["error"]["message"]
        assert error["error"]["retry_status"] == {"type": "retrying"}
        assert _results(http, sid)[-1][1] is True  # the call got a tool error; it was never sent
        health = _health(http, sid)
        assert credential_id in health["last_error"]["message"]
        assert health["last_error"]["at"] > health["last_discovered_at"]
        assert server.calls["whoami"] == 1

        update = {"type": "mcp_oauth", "access_token": server.issuer.mint_access()}
        update["refresh"] = {"refresh_token": server.issuer.mint_refresh()}  # type: ignore[assignment]
        changed = http.post(f"/v1/vaults/{vault_id}/credentials/{credential_id}", json={"auth": update})
        assert changed.status_code == 200, changed.text
        wait_status(http, sid, "end_turn", timeout=60)  # the paused turn resumed
        say(http, sid, WHOAMI)
        wait_status(http, sid, "end_turn", timeout=60)
        assert _results(http, sid)[-1] == (f"hello {CLIENT_ID}", False)
        assert server.calls["whoami"] == 2


def _temporal_histories(platform: Platform, session_ids: list[str]) -> bytes:
    async def fetch() -> bytes:
        temporal = await Client.connect(platform.stack.temporal_address)
        out = b""
        for sid in session_ids:
            handle = temporal.get_workflow_handle(workflow_id(sid))
            try:
                out += b"".join([e.SerializeToString() async for e in handle.fetch_history_events()])
            except Exception:  # a Session whose workflow never started has no history
                continue
        return out

    return asyncio.run(fetch())


def _database_text(platform: Platform) -> str:
    async def dump() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
            parts = []
            for table in tables:
                rows = await conn.fetch(f'SELECT t::text AS row FROM "{table["tablename"]}" t')
                parts += [r["row"] for r in rows]
            return "\n".join(parts)
        finally:
            await conn.close()

    return asyncio.run(dump())


def test_no_secret_reaches_rows_histories_logs_or_sse(platform: Platform, http: httpx.Client) -> None:
    with _serve(Issuer(rotate=True)) as server:
        first = server.issuer.mint_access()
        vault_id, _ = _vault(http, _oauth(server, first))
        sid = _session(http, server.url, [vault_id])
        say(http, sid, "hello")
        wait_status(http, sid, "end_turn", timeout=60)
        server.issuer.expire(first)
        frames: list[Any] = []
        reader = threading.Thread(target=lambda: frames.extend(read_stream(http, sid, until="session.status_idle")))
        reader.start()
        time.sleep(1.0)  # the stream is open before the turn starts
        say(http, sid, WHOAMI)
        reader.join(timeout=60)
        wait_status(http, sid, "end_turn", timeout=60)
        assert server.issuer.refreshes == 1
        sse = json.dumps(frames)
        assert "agent.mcp_tool_result" in sse

    secrets = set().union(*(issuer.all_values() for issuer in ISSUERS))
    assert len(secrets) > 10
    database = _database_text(platform)
    assert "mcp_authentication_failed_error" in database  # the scan reads the rows of every table
    histories = _temporal_histories(platform, SESSIONS)
    assert histories, "no Temporal history was read"
    platform.issued.extend(secrets)
    found = [
        where for value in secrets for where, text in (("postgresql", database), ("sse", sse)) if value in text
    ] + ["temporal" for value in secrets if value.encode() in histories]
    assert found == []
    assert platform.leaks() == []
