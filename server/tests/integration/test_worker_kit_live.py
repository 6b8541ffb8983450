"""The Python worker kit against the real components: an EnvironmentWorker polls, materialises a pinned
Skill, mirrors an attached Memory Store, runs a bash call that reads the Skill's supporting file and
edits the store, and the edit reaches the server before the item is Stopped."""

from __future__ import annotations

import asyncio
import io
import json
import time
import zipfile
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from mango.lib import EnvironmentWorker
from mango_server.devstack import Platform, Tenant
from mango_server.store.credentials import create_environment_key

from ._client import client, history, say

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

SKILL_DIR = "helper-kit"
HELPER_TEXT = "supporting file says hello"


def _skill_archive() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(
            f"{SKILL_DIR}/SKILL.md", "---\nname: helper-kit\ndescription: Has a helper file.\n---\n\nRead it.\n"
        )
        zf.writestr(f"{SKILL_DIR}/helper.txt", HELPER_TEXT + "\n")
    return buffer.getvalue()


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _environment_key(platform: Platform, tenant: Tenant, env_id: str) -> str:
    async def issue() -> str:
        conn = await asyncpg.connect(platform.database_url)
        try:
            return (await create_environment_key(conn, tenant.workspace_id, env_id)).secret
        finally:
            await conn.close()

    return asyncio.run(issue())


def _wait_for_tool_use(http: httpx.Client, session_id: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(e["type"] == "agent.tool_use" for e in history(http, session_id)):
            return
        time.sleep(0.1)
    raise AssertionError("no agent.tool_use")


def test_worker_materialises_skills_and_syncs_memory(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    with client(mango_platform, mango_tenant) as http:
        skill = _ok(http.post("/v1/skills", files={"file": ("skill.zip", _skill_archive(), "application/zip")}))
        store = _ok(http.post("/v1/memory_stores", json={"name": f"kit-notes-{time.monotonic_ns()}"}))
        memory = _ok(http.post(f"/v1/memory_stores/{store['id']}/memories", json={"path": "notes.md", "content": "v1"}))
        toolset = {
            "type": "agent_toolset_20260401",
            "configs": [{"name": "bash", "permission_policy": {"type": "always_allow"}}],
        }
        agent = _ok(
            http.post(
                "/v1/agents",
                json={
                    "name": "kit",
                    "model": "mango-offline-1",
                    "tools": [toolset],
                    "skills": [{"type": "custom", "skill_id": skill["id"]}],
                },
            )
        )
        env = _ok(http.post("/v1/environments", json={"name": f"kit-{time.monotonic_ns()}"}))
        resources = [{"type": "memory_store", "memory_store_id": store["id"], "access": "read_write"}]
        session = _ok(
            http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "resources": resources})
        )
        mount_path = session["resources"][0]["mount_path"]
        assert mount_path.startswith("/mnt/memory/")
        local_mount = tmp_path / "mnt" / mount_path.removeprefix("/mnt/memory/")
        command = f"cat skills/{SKILL_DIR}/helper.txt && echo edited > {local_mount}/notes.md"
        say(http, session["id"], "/tool bash " + json.dumps({"command": command}))
        _wait_for_tool_use(http, session["id"])

        workdir = tmp_path / "work"
        workdir.mkdir()
        worker = EnvironmentWorker(
            base_url=mango_platform.base_url,
            environment_id=env["id"],
            environment_key=_environment_key(mango_platform, mango_tenant, env["id"]),
            workdir=workdir,
            memory_root=tmp_path / "mnt",
            max_idle=1.0,
        )
        asyncio.run(asyncio.wait_for(worker.run(drain=True), timeout=120))

        results = [e for e in history(http, session["id"]) if e["type"] == "user.tool_result"]
        assert len(results) == 1, results
        assert not results[0].get("is_error"), results[0]
        assert HELPER_TEXT in results[0]["content"][0]["text"]
        assert (workdir / "skills" / SKILL_DIR / "SKILL.md").is_file()
        stored = _ok(http.get(f"/v1/memory_stores/{store['id']}/memories/{memory['id']}"))
        assert stored["content"] == "edited\n"
        versions = _ok(http.get(f"/v1/memory_stores/{store['id']}/memory_versions", params={"memory_id": memory["id"]}))
        assert {"type": "session_actor", "session_id": session["id"]} in [v["created_by"] for v in versions["data"]]
