"""``mango admin backup`` and ``restore`` on the real services: a populated, quiesced stack is backed
up, every store is destroyed, the set is restored into fresh ones and the roles are started again.

The module runs a DevStack of its own: its Temporal is stopped, wiped and restarted, which the
session's shared stack must never see. After the restore, the test checks what an operator
relies on: File and Skill bytes and checksums, Memory Versions, the original event and action
ids, the webhook, the Deployment, a vault envelope (and the webhook's secret) decrypting under
the kept keyring, and that answering the custom tool the Session waited on before the backup
resumes the restored workflow to idle.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import os
import secrets
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import boto3
import httpx
import pytest
from botocore.config import Config
from mango_server import keyring
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._ports import free_port
from mango_server.store import presence, vaults
from mango_server.store.migrate import migration_number
from mango_server.store.webhooks import secret_aad

from ._client import client, history, new_session, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]

TOKEN = "bearer-" + secrets.token_hex(8)  # the vault credential's secret, checked after the restore


@pytest.fixture
def stack(mango_state_dir: Path) -> Iterator[DevStack]:
    running = DevStack(mango_state_dir, ports="free", durable=False).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def platform(stack: DevStack, tmp_path: Path) -> Iterator[Platform]:
    # Webhook receivers must be allowed destinations; this one (a closed loopback port) never gets events.
    running = Platform(stack, tmp_path / "roles", extra_env={"MANGO_EGRESS_ALLOW": "127.0.0.1/32"}).start()
    try:
        yield running
    finally:
        running.stop()


def _mango(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mango_server", *args], env=env, capture_output=True, text=True, timeout=300
    )


def _skill_archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("kept/SKILL.md", "---\nname: kept\ndescription: Survives a restore.\n---\n\nKeep this.\n")
        zf.writestr("kept/data.bin", os.urandom(4096))
    return buffer.getvalue()


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _populate(http: httpx.Client) -> dict[str, Any]:
    """Every kind of state the restore must carry; answers the ids and what was read back."""
    state: dict[str, Any] = {"file_bytes": os.urandom(300_000) + b"end"}
    state["file"] = _ok(http.post("/v1/files", files={"file": ("data.bin", state["file_bytes"], "application/pdf")}))
    state["skill"] = _ok(http.post("/v1/skills", files={"file": ("s.zip", _skill_archive(), "application/zip")}))
    store = _ok(http.post("/v1/memory_stores", json={"name": "kept"}))
    memories = f"/v1/memory_stores/{store['id']}/memories"
    memory = _ok(http.post(memories, json={"path": "notes.md", "content": "one"}))
    _ok(http.post(f"{memories}/{memory['id']}", json={"content": "two"}))
    state["memory_store"] = store
    state["webhook"] = _ok(
        http.post("/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "event_types": ["session.deleted"]})
    )
    state["vault"] = _ok(http.post("/v1/vaults", json={"display_name": "kept"}))
    auth = {"type": "static_bearer", "mcp_server_url": "https://mcp.example.com/sse", "token": TOKEN}
    state["credential"] = _ok(http.post(f"/v1/vaults/{state['vault']['id']}/credentials", json={"auth": auth}))
    agent = _ok(http.post("/v1/agents", json={"name": "scheduled", "model": "mango-offline-1"}))
    env = _ok(http.post("/v1/environments", json={"name": f"scheduled-{time.monotonic_ns()}"}))
    hello = {"type": "user.message", "content": [{"type": "text", "text": "yearly"}]}
    deployment = {"name": "yearly", "agent": agent["id"], "environment_id": env["id"], "initial_events": [hello]}
    deployment["schedule"] = {"type": "cron", "expression": "0 0 1 1 *", "timezone": "UTC"}
    state["deployment"] = _ok(http.post("/v1/deployments", json=deployment))
    _synced(http, state["deployment"]["id"])
    session_id = new_session(http, "waiting")
    say(http, session_id, '/tool get_weather {"city": "Paris"}')
    state["pending"] = wait_status(http, session_id, "requires_action", timeout=60)["stop_reason"]["event_ids"]
    state["session_id"] = session_id
    return state


def _synced(http: httpx.Client, deployment_id: str, timeout: float = 30.0) -> None:
    """Wait until the orchestrator made the Deployment's Temporal Schedule (its next fire times show)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _ok(http.get(f"/v1/deployments/{deployment_id}"))["schedule"]["upcoming_runs_at"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"deployment {deployment_id} never synced its Schedule")


def _observe(http: httpx.Client, state: dict[str, Any]) -> dict[str, Any]:
    """What the API answers about the populated state (compared before and after)."""
    file_id, skill_id = state["file"]["id"], state["skill"]["id"]
    store_id, vault_id = state["memory_store"]["id"], state["vault"]["id"]
    content = http.get(f"/v1/files/{file_id}/content")
    assert content.status_code == 200, content.text
    version = state["skill"]["latest_version"]
    archive = http.get(f"/v1/skills/{skill_id}/versions/{version}/content")
    assert archive.status_code == 200, archive.text
    session = _ok(http.get(f"/v1/sessions/{state['session_id']}"))
    del session["stats"]["duration_seconds"]  # the Session's age: it grows with the wall clock, restored or not
    return {
        "file": _ok(http.get(f"/v1/files/{file_id}")),
        "file_bytes": content.content,
        "skill": _ok(http.get(f"/v1/skills/{skill_id}")),
        "skill_versions": _ok(http.get(f"/v1/skills/{skill_id}/versions"))["data"],
        "skill_archive": archive.content,
        "memory_versions": _ok(http.get(f"/v1/memory_stores/{store_id}/memory_versions"))["data"],
        "webhook": _ok(http.get(f"/v1/webhooks/{state['webhook']['id']}")),
        "vault": _ok(http.get(f"/v1/vaults/{vault_id}")),
        "credential": _ok(http.get(f"/v1/vaults/{vault_id}/credentials/{state['credential']['id']}")),
        "deployment": _ok(http.get(f"/v1/deployments/{state['deployment']['id']}")),
        "session": session,
        "events": history(http, state["session_id"]),
    }


def _sealed_secrets(database_url: str, webhook_id: str, credential_id: str) -> tuple[Any, Any]:
    async def read() -> tuple[Any, Any]:
        conn = await asyncpg.connect(database_url)
        try:
            hook = await conn.fetchrow("SELECT * FROM webhooks WHERE id = $1", webhook_id)
            credential = await conn.fetchrow("SELECT * FROM vault_credentials WHERE id = $1", credential_id)
            return hook, credential
        finally:
            await conn.close()

    return asyncio.run(read())


def _ledger(database_url: str) -> list[str]:
    async def read() -> list[str]:
        conn = await asyncpg.connect(database_url)
        try:
            return [r[0] for r in await conn.fetch("SELECT migration_id FROM _yoyo_migration ORDER BY migration_id")]
        finally:
            await conn.close()

    return asyncio.run(read())


async def _role_start_under_quiet(env: dict[str, str]) -> tuple[int | None, str]:
    async with presence.quiet(env["MANGO_DATABASE_URL"], "test"):
        role = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "mango_server", "orchestrator", env=env, stderr=asyncio.subprocess.PIPE
        )
        _, stderr = await asyncio.wait_for(role.communicate(), timeout=120)
    return role.returncode, stderr.decode()


def _admin_sql(stack: DevStack, statement: str) -> None:
    async def run() -> None:
        conn = await asyncpg.connect(stack.postgres.dsn_for("postgres"))
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(run())


def _s3(stack: DevStack) -> Any:
    s3 = stack.s3
    return boto3.client(
        "s3",
        endpoint_url=s3.url,
        aws_access_key_id=s3.access_key_id,
        aws_secret_access_key=s3.secret_access_key,
        region_name=s3.region,
        config=Config(s3={"addressing_style": "path"}),
    )


def _destroy_bucket(stack: DevStack) -> None:
    s3, bucket = _s3(stack), stack.s3.bucket
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for item in page.get("Contents", []):
            s3.delete_object(Bucket=bucket, Key=item["Key"])
    s3.delete_bucket(Bucket=bucket)


def test_a_quiesced_backup_restores_into_fresh_stores(
    stack: DevStack, platform: Platform, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    tenant: Tenant = platform.create_tenant("backup")
    with client(platform, tenant) as http:
        state = _populate(http)
        before = _observe(http, state)
    env = platform.env()  # captured while every service runs: the ports stay the same throughout
    backup_dir = tmp_path / "set"
    temporal_db = stack.temporal.db_path

    # Live roles are refused: the backup would race the outbox and Temporal.
    live = _mango(env, "admin", "backup", str(backup_dir))
    assert live.returncode == 2, live.stderr
    for expected in ("roles are live", "mango-api", "mango-orchestrator"):
        assert expected in live.stderr
    assert not backup_dir.exists()

    platform.stop()
    # And a role does not start while a backup or restore holds the database.
    code, stderr = asyncio.run(_role_start_under_quiet(env))
    assert code == 2, stderr
    assert "a backup or restore" in stderr
    # So is a running embedded Temporal when its database is asked for.
    running = _mango(env, "admin", "backup", str(backup_dir), "--temporal-db", str(temporal_db))
    assert running.returncode == 2, running.stderr
    assert "stop the Temporal server" in running.stderr
    stack.stop_temporal()
    began = time.monotonic()
    made = _mango(env, "admin", "backup", str(backup_dir), "--temporal-db", str(temporal_db))
    backup_seconds = time.monotonic() - began
    assert made.returncode == 0, made.stderr
    manifest = json.loads((backup_dir / "manifest.json").read_text())
    ring = keyring.load(Path(env["MANGO_KEYRING_FILE"]))
    applied = _ledger(platform.database_url)
    assert manifest["postgres"]["migrations"] == applied
    assert manifest["schema_version"] == migration_number(applied[-1])
    assert manifest["keyring"]["included"] is False
    assert manifest["keyring"]["key_ids"] == [ring.active]
    assert not any(p.name == keyring.FILE_NAME for p in backup_dir.rglob("*"))
    assert manifest["bucket"]["objects"] >= 2  # the File and the Skill version's archive
    assert manifest["temporal"]["included"] is True

    # Destroy every store: the database, the bucket and Temporal's database file.
    old_database = platform.database_url.rpartition("/")[2]
    _admin_sql(stack, f'DROP DATABASE "{old_database}" WITH (FORCE)')
    _destroy_bucket(stack)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{temporal_db}{suffix}").unlink(missing_ok=True)

    # Fresh stores: a new empty database, a new bucket name (restore creates it), no Temporal file.
    fresh = "restored_" + secrets.token_hex(4)
    _admin_sql(stack, f'CREATE DATABASE "{fresh}"')
    fresh_url = stack.postgres.dsn_for(fresh)
    fresh_bucket = "restored-" + secrets.token_hex(4)
    target = {**env, "MANGO_DATABASE_URL": fresh_url, "MANGO_S3_BUCKET": fresh_bucket}
    # A keyring without the keys the stored secrets use is refused before any store is touched.
    other_ring = tmp_path / "other-keyring.json"
    keyring.save(other_ring, keyring.Keyring.generate())
    wrong_env = {**target, "MANGO_KEYRING_FILE": str(other_ring)}
    wrong = _mango(wrong_env, "admin", "restore", str(backup_dir), "--temporal-db", str(temporal_db))
    assert wrong.returncode == 2, wrong.stderr
    assert f"lacks {ring.active}" in wrong.stderr
    began = time.monotonic()
    restored = _mango(target, "admin", "restore", str(backup_dir), "--temporal-db", str(temporal_db))
    restore_seconds = time.monotonic() - began
    assert restored.returncode == 0, restored.stderr
    assert "2 stored secret(s) decrypt with the keyring" in restored.stdout  # the webhook's and the credential's
    again = _mango(target, "admin", "restore", str(backup_dir), "--temporal-db", str(temporal_db))
    assert again.returncode == 2, again.stderr
    assert "already hold data" in again.stderr
    # --force restores over them: the dump's objects are dropped and recreated, objects overwritten.
    forced = _mango(target, "admin", "restore", str(backup_dir), "--temporal-db", str(temporal_db), "--force")
    assert forced.returncode == 0, forced.stderr
    request.node.user_properties += [("backup_seconds", backup_seconds), ("restore_seconds", restore_seconds)]

    stack.start_temporal()
    platform.database_url = fresh_url
    platform.extra_env["MANGO_S3_BUCKET"] = fresh_bucket
    platform.api_port = free_port()  # the old one may have been taken while the roles were down
    platform.start_role("api")
    platform.start_role("orchestrator")
    platform.wait_ready()
    with client(platform, tenant) as http:
        after = _observe(http, state)
        assert _ledger(fresh_url) == applied
        for name in before:
            assert after[name] == before[name], name
        assert after["file"]["sha256"] == hashlib.sha256(state["file_bytes"]).hexdigest()
        assert after["file_bytes"] == state["file_bytes"]

        hook, credential = _sealed_secrets(fresh_url, state["webhook"]["id"], state["credential"]["id"])
        aad = vaults.secret_aad(credential["workspace_id"], state["vault"]["id"], credential["id"])
        assert TOKEN in ring.decrypt(credential["secret_key_id"], credential["secret_ciphertext"], aad).decode()
        hook_aad = secret_aad(hook["workspace_id"], hook["id"])
        assert (
            ring.decrypt(hook["secret_key_id"], hook["secret_ciphertext"], hook_aad).decode()
            == state["webhook"]["secret"]
        )

        # The custom tool the Session waited on before the backup resumes the restored workflow.
        [pending] = state["pending"]
        answer = {"type": "user.custom_tool_result", "custom_tool_use_id": pending}
        answer["content"] = [{"type": "text", "text": "sunny"}]
        _ok(http.post(f"/v1/sessions/{state['session_id']}/events", json={"events": [answer]}))
        wait_status(http, state["session_id"], "end_turn", timeout=90)
        events = history(http, state["session_id"])
        assert [e["id"] for e in events[: len(before["events"])]] == [e["id"] for e in before["events"]]
        assert "sunny" in [e for e in events if e["type"] == "agent.message"][-1]["content"][0]["text"]
