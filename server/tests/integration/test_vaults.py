"""Vaults on the real components: CRUD of vaults and credentials, Workspace isolation, write-only
secrets (never in answers, events or logs), encryption at rest (the raw rows hold no plaintext and
name their key), archive erasing secrets, ``vault_ids`` on Sessions and Deployments (validated,
passed from a Deployment's Runs to their Sessions), ``credentials_for`` matching by normalised
server URL across a Session's vaults in order, refusal of credentials in an Agent's MCP URL, and
``mango keyring rotate`` / ``re-encrypt`` / ``retire`` covering vault secrets.

The module runs its own platform with a keyring of its own (the rotation test rotates it).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server import keyring
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._leaks import find_leaks
from mango_server.domain.vaults import McpCredential
from mango_server.store import sessions as session_rows
from mango_server.store import vaults as store

from ._client import client, history

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

MCP_URL = "https://mcp.vaults.example/mcp"
HELLO = {"type": "user.message", "content": [{"type": "text", "text": "hello"}]}


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    ring = tmp_path_factory.mktemp("vault-keyring") / "keyring.json"
    keyring.save(ring, keyring.Keyring.generate())
    running = Platform(
        mango_services, tmp_path_factory.mktemp("vaults"), extra_env={"MANGO_KEYRING_FILE": str(ring)}
    ).start()
    try:
        yield running
    finally:
        running.stop()
    # Every secret the tests stored (``issued``) must be absent from every log of the run.
    leaks = running.leaks()
    if leaks:
        pytest.fail(f"secrets reached the logs: {leaks}")


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("vaults")


@pytest.fixture(scope="module")
def other(platform: Platform) -> Tenant:
    return platform.create_tenant("vaults-other")


@pytest.fixture
def http(platform: Platform, tenant: Tenant) -> Iterator[httpx.Client]:
    with client(platform, tenant) as c:
        yield c


def _secret(platform: Platform, label: str) -> str:
    """A unique secret value, registered for the log scan."""
    value = f"vaultsecret-{label}-{os.urandom(8).hex()}"
    platform.issued.append(value)
    return value


def _vault(http: httpx.Client, name: str = "keys") -> dict[str, Any]:
    response = http.post("/v1/vaults", json={"display_name": name, "metadata": {"team": "a"}})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _credential(http: httpx.Client, vault_id: str, auth: dict[str, Any], **extra: Any) -> httpx.Response:
    return http.post(f"/v1/vaults/{vault_id}/credentials", json={"auth": auth, **extra})


def _bearer(url: str, token: str) -> dict[str, Any]:
    return {"type": "static_bearer", "mcp_server_url": url, "token": token}


def _db(platform: Platform, work: Any) -> Any:
    async def run() -> Any:
        conn = await asyncpg.connect(platform.database_url)
        for type_name in ("json", "jsonb"):  # as the server's pool decodes them
            await conn.set_type_codec(type_name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog")
        try:
            return await work(conn)
        finally:
            await conn.close()

    return asyncio.run(run())


def _ring(platform: Platform) -> keyring.Keyring:
    return keyring.load(Path(platform.extra_env["MANGO_KEYRING_FILE"]))


def _credentials_for(platform: Platform, tenant: Tenant, session_id: str, url: str) -> McpCredential | None:
    ring = _ring(platform)

    async def find(conn: asyncpg.Connection) -> McpCredential | None:
        row = await session_rows.get_row(conn, tenant.workspace_id, session_id)
        return await store.credentials_for(conn, ring, row.id, url)

    found: McpCredential | None = _db(platform, find)
    return found


def _session(http: httpx.Client, name: str, **body: Any) -> httpx.Response:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1"})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    return http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"], **body})


def test_vault_crud_and_workspace_isolation(platform: Platform, tenant: Tenant, other: Tenant) -> None:
    with client(platform, tenant) as http, client(platform, other) as foreign:
        vault = _vault(http, "crud")
        vid = vault["id"]
        assert vid.startswith("vlt_")
        assert (vault["type"], vault["display_name"], vault["metadata"], vault["archived_at"]) == (
            "vault",
            "crud",
            {"team": "a"},
            None,
        )
        assert http.get(f"/v1/vaults/{vid}").json() == vault
        updated = http.post(f"/v1/vaults/{vid}", json={"display_name": "renamed", "metadata": {"team": None, "x": "1"}})
        assert updated.status_code == 200, updated.text
        assert (updated.json()["display_name"], updated.json()["metadata"]) == ("renamed", {"x": "1"})
        assert vid in [v["id"] for v in http.get("/v1/vaults", params={"limit": 100}).json()["data"]]
        token = _secret(platform, "crud")
        created = _credential(http, vid, _bearer(MCP_URL, token))
        assert created.status_code == 200, created.text
        cid = created.json()["id"]

        # Another Workspace sees none of it: every route answers 404.
        assert foreign.get(f"/v1/vaults/{vid}").status_code == 404
        assert foreign.post(f"/v1/vaults/{vid}", json={"display_name": "x"}).status_code == 404
        assert foreign.post(f"/v1/vaults/{vid}/archive").status_code == 404
        assert foreign.delete(f"/v1/vaults/{vid}").status_code == 404
        assert foreign.get(f"/v1/vaults/{vid}/credentials").status_code == 404
        assert foreign.get(f"/v1/vaults/{vid}/credentials/{cid}").status_code == 404
        assert foreign.post(f"/v1/vaults/{vid}/credentials/{cid}", json={"display_name": "x"}).status_code == 404
        assert foreign.delete(f"/v1/vaults/{vid}/credentials/{cid}").status_code == 404
        assert _credential(foreign, vid, _bearer("https://other.example/mcp", "t")).status_code == 404
        assert vid not in [v["id"] for v in foreign.get("/v1/vaults").json()["data"]]

        archived = http.post(f"/v1/vaults/{vid}/archive")
        assert archived.status_code == 200, archived.text
        assert archived.json()["archived_at"] is not None
        assert http.post(f"/v1/vaults/{vid}/archive").json() == archived.json()  # idempotent
        assert vid not in [v["id"] for v in http.get("/v1/vaults", params={"limit": 100}).json()["data"]]
        listed = http.get("/v1/vaults", params={"limit": 100, "include_archived": "true"}).json()["data"]
        assert vid in [v["id"] for v in listed]
        assert http.post(f"/v1/vaults/{vid}", json={"display_name": "again"}).status_code == 409
        assert _credential(http, vid, _bearer("https://b.example/mcp", "t")).status_code == 409
        assert http.post(f"/v1/vaults/{vid}/credentials/{cid}", json={"display_name": "x"}).status_code == 409

        deleted = http.delete(f"/v1/vaults/{vid}")
        assert deleted.status_code == 200, deleted.text
        assert deleted.json() == {"type": "vault_deleted", "id": vid}
        assert http.get(f"/v1/vaults/{vid}").status_code == 404
        assert http.get(f"/v1/vaults/{vid}/credentials/{cid}").status_code == 404


def test_credentials_crud_with_write_only_secrets(platform: Platform, http: httpx.Client) -> None:
    vid = _vault(http, "kinds")["id"]
    token, access, refresh, client_secret, value = (
        _secret(platform, k) for k in ("token", "access", "refresh", "client", "value")
    )
    answers: list[str] = []

    bearer = _credential(http, vid, _bearer(MCP_URL, token), display_name="docs", metadata={"k": "v"})
    assert bearer.status_code == 200, bearer.text
    answers.append(bearer.text)
    assert bearer.json()["auth"] == {"type": "static_bearer", "mcp_server_url": MCP_URL, "token_set": True}
    assert (bearer.json()["type"], bearer.json()["vault_id"], bearer.json()["display_name"]) == (
        "vault_credential",
        vid,
        "docs",
    )
    oauth_auth = {
        "type": "mcp_oauth",
        "mcp_server_url": "https://oauth.vaults.example/mcp",
        "access_token": access,
        "expires_at": "2099-01-01T00:00:00Z",
        "refresh": {
            "client_id": "mango-client",
            "refresh_token": refresh,
            "token_endpoint": "https://auth.vaults.example/token",
            "token_endpoint_auth": {"type": "client_secret_post", "client_secret": client_secret},
            "scope": "tools:read",
        },
    }
    oauth = _credential(http, vid, oauth_auth)
    assert oauth.status_code == 200, oauth.text
    answers.append(oauth.text)
    assert oauth.json()["auth"]["refresh"] == {
        "client_id": "mango-client",
        "token_endpoint": "https://auth.vaults.example/token",
        "token_endpoint_auth": {"type": "client_secret_post", "client_secret_set": True},
        "scope": "tools:read",
        "resource": None,
        "refresh_token_set": True,
    }
    env_auth = {
        "type": "environment_variable",
        "secret_name": "SEARCH_KEY",
        "secret_value": value,
        "networking": {"type": "limited", "allowed_hosts": ["api.search.example", "*.search.example"]},
    }
    env = _credential(http, vid, env_auth)
    assert env.status_code == 200, env.text
    answers.append(env.text)
    assert env.json()["auth"]["injection_location"] == {"header": True, "body": False}

    # The same server URL, written differently, or the same name: 409; rules the schema cannot state: 400.
    assert _credential(http, vid, _bearer("HTTPS://MCP.vaults.example:443/mcp/", "t")).status_code == 409
    assert _credential(http, vid, {**env_auth, "secret_value": "x"}).status_code == 409
    assert _credential(http, vid, _bearer("https://u:p@elsewhere.example/mcp", "t")).status_code == 400
    bad_hosts = {
        **env_auth,
        "secret_name": "OTHER",
        "networking": {"type": "limited", "allowed_hosts": ["a.example:1"]},
    }
    assert _credential(http, vid, bad_hosts).status_code == 400
    unrestricted = {**env_auth, "secret_name": "OTHER", "networking": {"type": "unrestricted"}}
    assert _credential(http, vid, unrestricted).status_code == 400

    listed = http.get(f"/v1/vaults/{vid}/credentials", params={"limit": 100})
    assert listed.status_code == 200, listed.text
    answers.append(listed.text)
    assert [c["id"] for c in listed.json()["data"]] == [env.json()["id"], oauth.json()["id"], bearer.json()["id"]]
    got = http.get(f"/v1/vaults/{vid}/credentials/{oauth.json()['id']}")
    answers.append(got.text)
    assert got.json() == oauth.json()

    new_token = _secret(platform, "rotated")
    path = f"/v1/vaults/{vid}/credentials/{bearer.json()['id']}"
    updated = http.post(path, json={"auth": {"type": "static_bearer", "token": new_token}, "metadata": {"k": None}})
    assert updated.status_code == 200, updated.text
    answers.append(updated.text)
    assert updated.json()["metadata"] == {}
    assert updated.json()["auth"]["token_set"] is True
    assert http.post(path, json={"auth": {"type": "mcp_oauth", "access_token": "x"}}).status_code == 400
    assert http.post(path, json={"auth": {"type": "static_bearer", "mcp_server_url": MCP_URL}}).status_code == 400
    env_path = f"/v1/vaults/{vid}/credentials/{env.json()['id']}"
    moved = http.post(env_path, json={"auth": {"type": "environment_variable", "injection_location": {"body": True}}})
    assert moved.json()["auth"]["injection_location"] == {"header": True, "body": True}

    for answer in [*answers, moved.text]:
        for secret in (token, access, refresh, client_secret, value, new_token):
            assert secret not in answer

    deleted = http.delete(path)
    assert deleted.json() == {"type": "vault_credential_deleted", "id": bearer.json()["id"]}
    assert http.get(path).status_code == 404
    # Its server URL is free again.
    assert _credential(http, vid, _bearer(MCP_URL, "t2")).status_code == 200


def test_a_vault_holds_at_most_twenty_credentials(http: httpx.Client) -> None:
    vid = _vault(http, "full")["id"]
    for index in range(20):
        assert _credential(http, vid, _bearer(f"https://s{index}.example/mcp", "t")).status_code == 200
    full = _credential(http, vid, _bearer("https://s20.example/mcp", "t"))
    assert full.status_code == 409
    assert "20 credentials" in full.json()["error"]["message"]


def test_secrets_are_encrypted_at_rest_and_archive_erases_them(platform: Platform, http: httpx.Client) -> None:
    vid = _vault(http, "at-rest")["id"]
    token, value = _secret(platform, "rest-token"), _secret(platform, "rest-value")
    cid = _credential(http, vid, _bearer(MCP_URL, token)).json()["id"]
    env = {
        "type": "environment_variable",
        "secret_name": "K",
        "secret_value": value,
        "networking": {"type": "limited", "allowed_hosts": ["a.example"]},
    }
    _credential(http, vid, env)

    async def raw(conn: asyncpg.Connection) -> list[dict[str, Any]]:
        rows = await conn.fetch("SELECT * FROM vault_credentials WHERE vault_id = $1", vid)
        return [dict(r) for r in rows]

    rows = _db(platform, raw)
    assert len(rows) == 2
    active = _ring(platform).active
    for row in rows:
        assert row["secret_key_id"] == active
        assert isinstance(row["secret_ciphertext"], bytes)
        dump = repr(row).encode() + row["secret_ciphertext"]
        assert token.encode() not in dump
        assert value.encode() not in dump
    # Decrypted only through the store, bound to the row's identity.
    [sealed] = [r for r in rows if r["id"] == cid]
    aad = store.secret_aad(sealed["workspace_id"], vid, cid)
    assert token in _ring(platform).decrypt(sealed["secret_key_id"], sealed["secret_ciphertext"], aad).decode()
    with pytest.raises(keyring.KeyringError):
        _ring(platform).decrypt(sealed["secret_key_id"], sealed["secret_ciphertext"], aad + b"x")

    assert http.post(f"/v1/vaults/{vid}/archive").status_code == 200
    after = http.get(f"/v1/vaults/{vid}/credentials/{cid}").json()
    assert after["archived_at"] is not None
    assert after["auth"]["token_set"] is False
    for row in _db(platform, raw):
        assert (row["secret_ciphertext"], row["secret_key_id"]) == (None, None)


def test_vault_ids_on_sessions_choose_credentials_in_order(
    platform: Platform, tenant: Tenant, other: Tenant, http: httpx.Client
) -> None:
    first, second = _vault(http, "first")["id"], _vault(http, "second")["id"]
    one, two, three = (_secret(platform, f"order-{n}") for n in (1, 2, 3))
    _credential(http, first, _bearer(MCP_URL, one))
    _credential(http, second, _bearer(MCP_URL + "/", two))
    oauth = {"type": "mcp_oauth", "mcp_server_url": "https://Other.vaults.example:443/x/", "access_token": three}
    assert _credential(http, second, oauth).status_code == 200
    created = _session(http, "vault-order", vault_ids=[first, second])
    assert created.status_code == 200, created.text
    sid = created.json()["id"]
    assert created.json()["vault_ids"] == [first, second]
    assert http.get(f"/v1/sessions/{sid}").json()["vault_ids"] == [first, second]

    found = _credentials_for(platform, tenant, sid, "HTTPS://mcp.vaults.example/mcp?session=1")
    assert found is not None
    assert found.kind == "static_bearer"
    assert found.token.reveal() == one
    assert one not in repr(found)
    found = _credentials_for(platform, tenant, sid, "https://other.vaults.example/x")
    assert found is not None
    assert (found.kind, found.token.reveal()) == ("mcp_oauth", three)
    assert _credentials_for(platform, tenant, sid, "https://unknown.vaults.example/mcp") is None

    swapped = http.post(f"/v1/sessions/{sid}", json={"vault_ids": [second]})
    assert swapped.status_code == 200, swapped.text
    assert swapped.json()["vault_ids"] == [second]
    found = _credentials_for(platform, tenant, sid, MCP_URL)
    assert found is not None
    assert found.token.reveal() == two
    [event] = [e for e in history(http, sid) if e["type"] == "session.updated"]
    assert event["vault_ids"] == [second]

    # Validation: unknown, another Workspace's, repeated, archived.
    with client(platform, other) as foreign:
        foreign_vault = _vault(foreign, "theirs")["id"]
    assert _session(http, "vault-bad", vault_ids=["vlt_missing"]).status_code == 400
    assert _session(http, "vault-bad", vault_ids=[foreign_vault]).status_code == 400
    assert _session(http, "vault-bad", vault_ids=[first, first]).status_code == 400
    assert http.post(f"/v1/sessions/{sid}", json={"vault_ids": [foreign_vault]}).status_code == 400

    # A vault named by a live Session cannot be deleted; once the Session is archived it can.
    refused = http.delete(f"/v1/vaults/{second}")
    assert refused.status_code == 409
    assert sid in refused.json()["error"]["message"]
    assert http.post(f"/v1/vaults/{second}/archive").status_code == 200
    assert _credentials_for(platform, tenant, sid, MCP_URL) is None  # archived vaults supply nothing
    assert _session(http, "vault-bad", vault_ids=[second]).status_code == 409
    assert http.post(f"/v1/sessions/{sid}", json={"vault_ids": [first, second]}).status_code == 409
    assert http.post(f"/v1/sessions/{sid}/archive").status_code == 200
    assert http.delete(f"/v1/vaults/{second}").status_code == 200


def test_deployment_runs_pass_vault_ids_and_pause_on_an_archived_vault(http: httpx.Client) -> None:
    vid = _vault(http, "deployed")["id"]
    agent = http.post("/v1/agents", json={"name": "vault-deploy", "model": "mango-offline-1"}).json()
    env = http.post("/v1/environments", json={"name": f"vault-deploy-{time.monotonic_ns()}"}).json()
    body = {"name": "vaulted", "agent": agent["id"], "environment_id": env["id"], "initial_events": [HELLO]}
    assert http.post("/v1/deployments", json={**body, "vault_ids": ["vlt_missing"]}).status_code == 400
    deployment = http.post("/v1/deployments", json={**body, "vault_ids": [vid]})
    assert deployment.status_code == 200, deployment.text
    did = deployment.json()["id"]
    assert deployment.json()["vault_ids"] == [vid]
    run = http.post(f"/v1/deployments/{did}/run").json()
    assert run["outcome"] == "session_created", run
    assert http.get(f"/v1/sessions/{run['session_id']}").json()["vault_ids"] == [vid]

    cleared = http.post(f"/v1/deployments/{did}", json={"vault_ids": []})
    assert cleared.json()["vault_ids"] == []
    assert http.post(f"/v1/deployments/{did}", json={"vault_ids": [vid]}).json()["vault_ids"] == [vid]
    assert http.post(f"/v1/sessions/{run['session_id']}/archive").status_code == 200
    assert http.delete(f"/v1/vaults/{vid}").status_code == 409  # the Deployment still names it
    assert http.post(f"/v1/vaults/{vid}/archive").status_code == 200
    failed = http.post(f"/v1/deployments/{did}/run").json()
    assert failed["outcome"] == "failed"
    assert failed["error"]["type"] == "vault_archived_error"
    assert failed["error"]["category"] == "missing_resource"
    after = http.get(f"/v1/deployments/{did}").json()
    assert after["status"] == "paused"
    assert after["paused_reason"] == {"type": "error", "error": {"type": "vault_archived_error"}}
    assert http.post(f"/v1/deployments/{did}", json={"vault_ids": [vid]}).status_code == 200  # unchanged list
    assert http.post("/v1/deployments", json={**body, "vault_ids": [vid]}).status_code == 409


@pytest.mark.parametrize(
    "url",
    [
        "https://bob:{secret}@mcp.vaults.example/mcp",
        "https://mcp.vaults.example/mcp?token={secret}",
        "https://mcp.vaults.example/mcp?region=eu&API_KEY={secret}",
    ],
)
def test_an_agent_mcp_url_carrying_a_credential_is_refused(platform: Platform, http: httpx.Client, url: str) -> None:
    secret = _secret(platform, "url")
    server = {"type": "url", "name": "docs", "url": url.format(secret=secret)}
    body = {"name": "leaky", "model": "mango-offline-1", "mcp_servers": [server]}
    refused = http.post("/v1/agents", json=body)
    assert refused.status_code == 400
    message = refused.json()["error"]["message"]
    assert "vault" in message
    assert secret not in refused.text
    agent = http.post("/v1/agents", json={"name": "clean", "model": "mango-offline-1"}).json()
    update = http.post(f"/v1/agents/{agent['id']}", json={"version": 1, "mcp_servers": [server]})
    assert update.status_code == 400
    assert secret not in update.text


def test_secrets_never_reach_events_or_logs(platform: Platform, tenant: Tenant, http: httpx.Client) -> None:
    vid = _vault(http, "quiet")["id"]
    token = _secret(platform, "quiet")
    cid = _credential(http, vid, _bearer(MCP_URL, token)).json()["id"]
    renewed = _secret(platform, "quiet-renewed")
    http.post(f"/v1/vaults/{vid}/credentials/{cid}", json={"auth": {"type": "static_bearer", "token": renewed}})
    created = _session(http, "quiet", vault_ids=[vid])
    sid = created.json()["id"]
    http.post(f"/v1/sessions/{sid}/events", json={"events": [HELLO]})
    http.post(f"/v1/sessions/{sid}", json={"vault_ids": []})
    http.post(f"/v1/sessions/{sid}", json={"vault_ids": [vid]})
    time.sleep(1.0)  # let the roles flush what they logged
    events = history(http, sid)
    assert any(e["type"] == "session.updated" for e in events)
    for event in events:
        assert token not in str(event)
        assert renewed not in str(event)

    async def ledger(conn: asyncpg.Connection) -> str:
        rows = await conn.fetch("SELECT payload::text AS p FROM session_events WHERE session_id = $1", sid)
        return "\n".join(r["p"] for r in rows)

    stored = _db(platform, ledger)
    assert token not in stored
    assert renewed not in stored
    paths = [*platform.log_dir.glob("*.log"), *(platform.stack.state_dir / "logs").glob("*.log")]
    assert find_leaks(paths, [token, renewed]) == []


def _mango(platform: Platform, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_keyring_rotation_reencrypts_vault_secrets(platform: Platform, tenant: Tenant, http: httpx.Client) -> None:
    ring_path = Path(platform.extra_env["MANGO_KEYRING_FILE"])
    vid = _vault(http, "rotated")["id"]
    token = _secret(platform, "rotation")
    cid = _credential(http, vid, _bearer("https://rotate.vaults.example/mcp", token)).json()["id"]
    sid = _session(http, "rotation", vault_ids=[vid]).json()["id"]
    first_key = keyring.load(ring_path).active

    async def key_of(conn: asyncpg.Connection) -> str:
        return str(await conn.fetchval("SELECT secret_key_id FROM vault_credentials WHERE id = $1", cid))

    assert _db(platform, key_of) == first_key
    assert _mango(platform, "keyring", "rotate").startswith("added key ")
    second_key = keyring.load(ring_path).active
    moved = _mango(platform, "keyring", "re-encrypt")
    assert "re-encrypted" in moved
    assert int(moved.split()[1]) >= 1
    assert _db(platform, key_of) == second_key
    assert "retired" in _mango(platform, "keyring", "retire", first_key)
    assert f"{second_key}\tactive" in _mango(platform, "keyring", "list")
    found = _credentials_for(platform, tenant, sid, "https://rotate.vaults.example/mcp")
    assert found is not None
    assert found.token.reveal() == token
    # The roles read the new keyring on restart; the re-encrypted secret is still usable by the api.
    for role in ("orchestrator", "api"):
        platform.kill_role(role)
        platform.start_role(role)
    platform.wait_ready()
    renamed = http.post(f"/v1/vaults/{vid}/credentials/{cid}", json={"display_name": "after rotation"})
    assert renamed.status_code == 200, renamed.text
    found = _credentials_for(platform, tenant, sid, "https://rotate.vaults.example/mcp")
    assert found is not None
    assert found.token.reveal() == token
