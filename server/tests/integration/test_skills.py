"""Skills on the real components: create from a zip, versions, reads, archive download, deletion
rules, Agent pinning of ``latest``, Workspace isolation and the pinned Skills in model context."""

from __future__ import annotations

import hashlib
import io
import zipfile

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, history, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def archive(name: str = "pdf-tools", body: str = "Use scripts/fill.py.", folder: str = "pdf") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"{folder}/SKILL.md", f"---\nname: {name}\ndescription: Fill PDF forms.\n---\n\n{body}\n")
        zf.writestr(f"{folder}/scripts/fill.py", "print('fill')\n")
    return buffer.getvalue()


def create(http: httpx.Client, data: bytes, title: str | None = None) -> httpx.Response:
    form = {"display_title": title} if title else None
    return http.post("/v1/skills", files={"file": ("skill.zip", data, "application/zip")}, data=form)


def test_create_version_list_get_and_download(mango_platform: Platform, mango_tenant: Tenant) -> None:
    data = archive()
    with client(mango_platform, mango_tenant) as http:
        made = create(http, data, "PDF tools")
        assert made.status_code == 200, made.text
        skill = made.json()
        assert skill["type"] == "skill"
        assert skill["display_title"] == "PDF tools"
        assert skill["latest_version"] == "1"
        version = http.get(f"/v1/skills/{skill['id']}/versions/1").json()
        assert version["name"] == "pdf-tools"
        assert version["description"] == "Fill PDF forms."
        assert version["directory"] == "pdf"
        assert version["member_count"] == 2
        assert version["archive_size_bytes"] == len(data)
        assert version["archive_sha256"] == hashlib.sha256(data).hexdigest()
        content = http.get(f"/v1/skills/{skill['id']}/versions/1/content")
        assert content.status_code == 200
        assert content.content == data
        second_data = archive(body="Version two.")
        second = http.post(
            f"/v1/skills/{skill['id']}/versions", files={"file": ("s.zip", second_data, "application/zip")}
        )
        assert second.status_code == 200, second.text
        assert second.json()["version"] == "2"
        assert http.get(f"/v1/skills/{skill['id']}").json()["latest_version"] == "2"
        versions = http.get(f"/v1/skills/{skill['id']}/versions").json()["data"]
        assert [v["version"] for v in versions] == ["2", "1"]
        assert skill["id"] in [s["id"] for s in http.get("/v1/skills").json()["data"]]
        assert http.get(f"/v1/skills/{skill['id']}/versions/latest").status_code == 400


def test_files_parts_and_display_name_as_the_managed_agents_clients_send_them(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    skill_md = b"---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\n\nUse scripts/fill.py.\n"
    files = [
        ("files[]", ("pdf/SKILL.md", skill_md, "text/markdown")),
        ("files[]", ("pdf/scripts/fill.py", b"print('fill')\n", "text/x-python")),
    ]
    with client(mango_platform, mango_tenant) as http:
        made = http.post("/v1/skills", files=files, data={"display_name": "PDF tools"})
        assert made.status_code == 200, made.text
        skill = made.json()
        assert skill["display_title"] == "PDF tools"
        version = http.get(f"/v1/skills/{skill['id']}/versions/1").json()
        assert (version["name"], version["directory"], version["member_count"]) == ("pdf-tools", "pdf", 2)
        content = http.get(f"/v1/skills/{skill['id']}/versions/1/content").content
        with zipfile.ZipFile(io.BytesIO(content)) as zf:
            assert zf.read("pdf/scripts/fill.py") == b"print('fill')\n"
        second = http.post(f"/v1/skills/{skill['id']}/versions", files=files)
        assert second.status_code == 200, second.text
        # Refused: both title fields, a part twice, a part without a filename, `file` and `files[]` together.
        both = http.post("/v1/skills", files=files, data={"display_name": "a", "display_title": "b"})
        assert both.status_code == 400, both.text
        twice = http.post("/v1/skills", files=[*files, files[0]])
        assert twice.status_code == 400, twice.text
        assert "twice" in twice.json()["error"]["message"]
        escaping = http.post("/v1/skills", files=[*files, ("files[]", ("../evil.sh", b"x", "text/plain"))])
        assert escaping.status_code == 400, escaping.text
        mixed = http.post("/v1/skills", files=[("file", ("s.zip", archive(), "application/zip")), *files])
        assert mixed.status_code == 400, mixed.text


def test_invalid_archives_are_refused(mango_platform: Platform, mango_tenant: Tenant) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("pdf/README.md", "no skill file")
    with client(mango_platform, mango_tenant) as http:
        missing = create(http, buffer.getvalue())
        assert missing.status_code == 400
        assert "SKILL.md" in missing.json()["error"]["message"]
        assert create(http, b"not a zip").status_code == 400


def test_deletion_rules_and_agent_pins(mango_platform: Platform) -> None:
    tenant = mango_platform.create_tenant("skills-delete")
    with client(mango_platform, tenant) as http:
        skill_id = create(http, archive()).json()["id"]
        assert http.delete(f"/v1/skills/{skill_id}/versions/1").status_code == 409  # the only version
        http.post(f"/v1/skills/{skill_id}/versions", files={"file": ("s.zip", archive(), "application/zip")})
        agent = http.post(
            "/v1/agents",
            json={"name": "pdf", "model": "mango-offline-1", "skills": [{"type": "custom", "skill_id": skill_id}]},
        )
        assert agent.status_code == 200, agent.text
        assert agent.json()["skills"] == [{"type": "custom", "skill_id": skill_id, "version": "2"}]
        pinned = http.delete(f"/v1/skills/{skill_id}/versions/2")
        assert pinned.status_code == 409
        assert agent.json()["id"] in pinned.json()["error"]["message"]
        assert http.delete(f"/v1/skills/{skill_id}").status_code == 409
        removed = http.delete(f"/v1/skills/{skill_id}/versions/1")
        assert removed.status_code == 200
        assert removed.json()["type"] == "skill_version_deleted"
        assert http.get(f"/v1/skills/{skill_id}/versions/1").status_code == 404
        update = http.post(f"/v1/agents/{agent.json()['id']}", json={"description": "unrelated change"})
        assert update.json()["skills"] == [{"type": "custom", "skill_id": skill_id, "version": "2"}]
        http.post(f"/v1/agents/{agent.json()['id']}", json={"skills": []}).raise_for_status()
        deleted = http.delete(f"/v1/skills/{skill_id}")
        assert deleted.json() == {"type": "skill_deleted", "id": skill_id}
        assert http.get(f"/v1/skills/{skill_id}").status_code == 404


def test_agent_references_resolve_and_are_checked(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        skill_id = create(http, archive()).json()["id"]

        def agent(ref: dict[str, str]) -> httpx.Response:
            return http.post("/v1/agents", json={"name": "a", "model": "mango-offline-1", "skills": [ref]})

        latest = agent({"type": "custom", "skill_id": skill_id, "version": "latest"})
        assert latest.json()["skills"][0]["version"] == "1"
        assert agent({"type": "custom", "skill_id": skill_id, "version": "1"}).status_code == 200
        assert agent({"type": "custom", "skill_id": skill_id, "version": "7"}).status_code == 400
        unknown = agent({"type": "custom", "skill_id": "skill_unknown"})
        assert unknown.status_code == 400
        assert "not found" in unknown.json()["error"]["message"]


def test_skills_are_workspace_scoped(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        skill_id = create(http, archive()).json()["id"]
        assert other.get(f"/v1/skills/{skill_id}").status_code == 404
        assert other.get(f"/v1/skills/{skill_id}/versions/1/content").status_code == 404
        assert other.delete(f"/v1/skills/{skill_id}").status_code == 404
        foreign = other.post(
            "/v1/agents",
            json={"name": "x", "model": "mango-offline-1", "skills": [{"type": "custom", "skill_id": skill_id}]},
        )
        assert foreign.status_code == 400


def test_session_pins_survive_deletion_and_reach_the_model(mango_platform: Platform) -> None:
    tenant = mango_platform.create_tenant("skills-session")
    with client(mango_platform, tenant) as http:
        skill_id = create(http, archive(name="invoice-helper")).json()["id"]
        http.post(f"/v1/skills/{skill_id}/versions", files={"file": ("s.zip", archive(), "application/zip")})
        agent = http.post(
            "/v1/agents",
            json={
                "name": "pinned",
                "model": "mango-offline-1",
                "skills": [{"type": "custom", "skill_id": skill_id, "version": "1"}],
            },
        ).json()
        env = http.post("/v1/environments", json={"name": "skills-env"}).json()
        session = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()
        assert session["agent"]["skills"] == [{"type": "custom", "skill_id": skill_id, "version": "1"}]
        http.post(f"/v1/agents/{agent['id']}", json={"skills": []}).raise_for_status()
        assert http.delete(f"/v1/skills/{skill_id}/versions/1").status_code == 200
        assert http.get(f"/v1/skills/{skill_id}/versions/1").status_code == 404
        http.post(
            f"/v1/sessions/{session['id']}/events",
            json={"events": [{"type": "user.message", "content": [{"type": "text", "text": "hello"}]}]},
        ).raise_for_status()
        wait_status(http, session["id"], "end_turn")


LOAD_TWO_SKILLS = '/tool load_skill {"name": "invoice-helper"}\n/tool load_skill {"name": "nope"}'


def test_model_loads_skill_md_on_demand_from_the_canonical_archive(mango_platform: Platform) -> None:
    tenant = mango_platform.create_tenant("skills-load")
    with client(mango_platform, tenant) as http:
        skill_id = create(http, archive(name="invoice-helper", body="Step 1: total the lines.")).json()["id"]
        agent = http.post(
            "/v1/agents",
            json={"name": "loader", "model": "mango-offline-1", "skills": [{"type": "custom", "skill_id": skill_id}]},
        ).json()
        env = http.post("/v1/environments", json={"name": "skills-load-env"}).json()
        session = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()
        http.post(
            f"/v1/sessions/{session['id']}/events",
            json={
                "events": [
                    {
                        "type": "user.message",
                        # The offline model reads directives from the message's last text block.
                        "content": [
                            {"type": "text", "text": "use it"},
                            {"type": "text", "text": LOAD_TWO_SKILLS},
                        ],
                    }
                ]
            },
        ).raise_for_status()
        wait_status(http, session["id"], "end_turn")
        events = history(http, session["id"])
    uses = [e for e in events if e["type"] == "agent.tool_use"]
    results = [e for e in events if e["type"] == "agent.tool_result"]
    assert [u["name"] for u in uses] == ["load_skill", "load_skill"]
    assert [r["tool_use_id"] for r in results] == [u["id"] for u in uses]
    assert "Step 1: total the lines." in results[0]["content"][0]["text"]
    assert results[0]["is_error"] is False
    assert results[1]["is_error"] is True
    assert "invoice-helper" in results[1]["content"][0]["text"]
    final = [e for e in events if e["type"] == "agent.message"][-1]
    assert "Step 1: total the lines." in final["content"][0]["text"]
