"""The Python worker kit against the real components: an EnvironmentWorker polls, materialises a pinned
Skill, mirrors an attached Memory Store, runs a bash call that reads the Skill's supporting file and
edits the store, and the edit reaches the server before the item is Stopped. A coordinator Session
gets its roster Agents' Skills too: the Session's own Agent (and ``self``) under ``skills/``, every
other member under ``skills/.agents/<agent id>-v<version>/`` (the path announced to its Threads)."""

from __future__ import annotations

import asyncio
import io
import json
import time
import zipfile
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from mango.lib import EnvironmentWorker
from mango_server.devstack import Platform, Tenant

from ._client import client, history, say
from .test_work import env_key

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

SKILL_DIR = "helper-kit"
HELPER_TEXT = "supporting file says hello"


def _skill_archive(helper: str = HELPER_TEXT) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(
            f"{SKILL_DIR}/SKILL.md", "---\nname: helper-kit\ndescription: Has a helper file.\n---\n\nRead it.\n"
        )
        zf.writestr(f"{SKILL_DIR}/helper.txt", helper + "\n")
    return buffer.getvalue()


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def drain_worker(platform: Platform, tenant: Tenant, env_id: str, workdir: Path, **options: Any) -> None:
    """Run an EnvironmentWorker on the Environment's queue until it is empty (bounded)."""
    worker = EnvironmentWorker(
        base_url=platform.base_url,
        environment_id=env_id,
        environment_key=env_key(platform, tenant, env_id),
        workdir=workdir,
        **options,
    )
    asyncio.run(asyncio.wait_for(worker.run(drain=True), timeout=120))


def _wait_for_tool_use(http: httpx.Client, session_id: str, name: str | None = None) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(e["type"] == "agent.tool_use" and name in (None, e.get("name")) for e in history(http, session_id)):
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
        drain_worker(mango_platform, mango_tenant, env["id"], workdir, memory_root=tmp_path / "mnt", max_idle=1.0)

        results = [e for e in history(http, session["id"]) if e["type"] == "user.tool_result"]
        assert len(results) == 1, results
        assert not results[0].get("is_error"), results[0]
        assert HELPER_TEXT in results[0]["content"][0]["text"]
        assert (workdir / "skills" / SKILL_DIR / "SKILL.md").is_file()
        stored = _ok(http.get(f"/v1/memory_stores/{store['id']}/memories/{memory['id']}"))
        assert stored["content"] == "edited\n"
        versions = _ok(http.get(f"/v1/memory_stores/{store['id']}/memory_versions", params={"memory_id": memory["id"]}))
        assert {"type": "session_actor", "session_id": session["id"]} in [v["created_by"] for v in versions["data"]]


BASH_TOOLSET = {
    "type": "agent_toolset_20260401",
    "configs": [{"name": "bash", "permission_policy": {"type": "always_allow"}}],
}


def _upload(http: httpx.Client, helper: str) -> str:
    files = {"file": ("skill.zip", _skill_archive(helper), "application/zip")}
    return str(_ok(http.post("/v1/skills", files=files))["id"])


def _specialist(http: httpx.Client, tag: int, skill_id: str) -> dict[str, Any]:
    """A roster member Agent with one custom Skill."""
    body = {"name": f"spec-{tag}", "model": "mango-offline-1", "skills": [{"type": "custom", "skill_id": skill_id}]}
    return _ok(http.post("/v1/agents", json=body))


def _coordinator(
    http: httpx.Client, tag: int, roster: dict[str, Any], skills: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A coordinator Agent with bash, the ``roster`` and its own ``skills``."""
    body: dict[str, Any] = {"name": f"lead-{tag}", "model": "mango-offline-1", "tools": [BASH_TOOLSET]}
    body |= {"multiagent": roster} | ({"skills": skills} if skills else {})
    return _ok(http.post("/v1/agents", json=body))


def _systems(platform: Platform, session_id: str) -> list[str]:
    """The system prompts the model requests of one execution row (a Thread's id for a child) sent."""
    with psycopg.connect(platform.database_url) as conn:
        rows = conn.execute(
            "SELECT mango_request_recipe(id)->>'system' FROM model_requests WHERE session_id = %s ORDER BY seq",
            (session_id,),
        ).fetchall()
    return [str(r[0]) for r in rows]


def _child_prompt(platform: Platform, http: httpx.Client, session_id: str, agent_id: str) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        threads = _ok(http.get(f"/v1/sessions/{session_id}/threads"))["data"]
        for thread in threads:
            is_member = (thread.get("agent") or {}).get("id") == agent_id and thread.get("parent_thread_id")
            if is_member and (systems := _systems(platform, thread["id"])):
                return systems[0]
        time.sleep(0.2)
    raise AssertionError(f"no model request of a Thread of {agent_id}")


def test_roster_agents_skills_are_scoped_in_the_shared_workspace(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    tag = time.monotonic_ns()
    with client(mango_platform, mango_tenant) as http:
        own_skill = _upload(http, "the coordinator's helper")
        member_skill = _upload(http, "the specialist's helper")  # the same directory name, helper-kit
        skills = [{"type": "custom", "skill_id": own_skill}]
        member = _specialist(http, tag, member_skill)
        roster = {"type": "coordinator", "agents": [member["id"], {"type": "self"}]}
        lead = _coordinator(http, tag, roster, skills)
        env = _ok(http.post("/v1/environments", json={"name": f"kit-team-{tag}"}))
        session = _ok(http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"]}))
        sid, scope = session["id"], f"{member['id']}-v{member['version']}"

        # The member's next version drops the Skill; its version stays pinned by this Session's roster, so
        # deleting the Skill only hides it and the Session's token still reads it.
        _ok(http.post(f"/v1/agents/{member['id']}", json={"version": member["version"], "skills": []}))
        assert http.delete(f"/v1/skills/{member_skill}").status_code == 200
        assert http.get(f"/v1/skills/{member_skill}/versions/1").status_code == 404

        say(http, sid, "/tool delegate " + json.dumps({"agent": member["name"], "message": "/report done"}))
        prompt = _child_prompt(mango_platform, http, sid, member["id"])
        assert f"(skills/.agents/{scope}/{SKILL_DIR}/SKILL.md)" in prompt, prompt
        assert f"(skills/{SKILL_DIR}/SKILL.md)" not in prompt, prompt
        assert f"(skills/{SKILL_DIR}/SKILL.md)" in _systems(mango_platform, sid)[0]

        command = f"cat skills/{SKILL_DIR}/helper.txt skills/.agents/{scope}/{SKILL_DIR}/helper.txt"
        say(http, sid, "/tool bash " + json.dumps({"command": command}))
        _wait_for_tool_use(http, sid, "bash")

        workdir = tmp_path / "work"
        workdir.mkdir()
        drain_worker(mango_platform, mango_tenant, env["id"], workdir, max_idle=1.0, memory_sync_interval=None)

        results = [e for e in history(http, sid) if e["type"] == "user.tool_result"]
        assert len(results) == 1, results
        assert not results[0].get("is_error"), results[0]
        text = results[0]["content"][0]["text"]
        assert text.splitlines() == ["the coordinator's helper", "the specialist's helper"], text
    skills_root = workdir / "skills"
    assert sorted(p.name for p in skills_root.iterdir()) == [".agents", SKILL_DIR]
    assert sorted(p.name for p in (skills_root / ".agents").iterdir()) == [scope]
    assert (skills_root / ".agents" / scope / SKILL_DIR / "SKILL.md").is_file()


def test_a_members_broken_skill_fails_closed_and_ends_every_thread(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    tag = time.monotonic_ns()
    with client(mango_platform, mango_tenant) as http:
        member_skill = _upload(http, "the specialist's helper")
        member = _specialist(http, tag, member_skill)
        lead = _coordinator(http, tag, {"type": "coordinator", "agents": [member["id"]]})
        env = _ok(http.post("/v1/environments", json={"name": f"kit-broken-{tag}"}))
        sid = _ok(http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"]}))["id"]
        say(http, sid, "/tool delegate " + json.dumps({"agent": member["name"], "message": "/report done"}))
        _child_prompt(mango_platform, http, sid, member["id"])
        # The frozen record no longer matches the stored bytes: a permanent input problem.
        with psycopg.connect(mango_platform.database_url) as conn:
            conn.execute("UPDATE skill_versions SET archive_sha256 = %s WHERE skill_id = %s", ("0" * 64, member_skill))
        say(http, sid, "/tool bash " + json.dumps({"command": "echo never"}))
        _wait_for_tool_use(http, sid, "bash")

        workdir = tmp_path / "work"
        workdir.mkdir()
        drain_worker(mango_platform, mango_tenant, env["id"], workdir, max_idle=1.0, memory_sync_interval=None)

        assert _ok(http.get(f"/v1/sessions/{sid}"))["status"] == "terminated"
        threads = _ok(http.get(f"/v1/sessions/{sid}/threads"))["data"]
        assert [t["status"] for t in threads] == ["terminated", "terminated"], threads
        events = history(http, sid)
        assert not [e for e in events if e["type"] == "user.tool_result"]
        (error,) = [e for e in events if e["type"] == "session.error"]
        assert error["error"]["type"] == "session_input_failed_error"
        assert "SHA-256" in error["error"]["message"]
        child = next(t["id"] for t in threads if t["parent_thread_id"])
        ended = [e for e in events if e["type"] == "session.thread_status_terminated"]
        assert [e["session_thread_id"] for e in ended] == [child]
    assert not (workdir / "skills").exists()
