"""Memory Stores through raw HTTP on the real components: stores, memories, versions, redaction,
Session attachments and Workspace isolation."""

from __future__ import annotations

import hashlib
import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def new_store(http: httpx.Client, name: str = "notes", **extra: Any) -> dict[str, Any]:
    response = http.post("/v1/memory_stores", json={"name": name, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json())


def put(http: httpx.Client, store_id: str, path: str, content: str) -> dict[str, Any]:
    response = http.post(f"/v1/memory_stores/{store_id}/memories", json={"path": path, "content": content})
    assert response.status_code == 200, response.text
    return dict(response.json())


def agent_and_environment(http: httpx.Client) -> tuple[str, str]:
    agent = http.post("/v1/agents", json={"name": "mem", "model": "mango-offline-1"}).json()
    env = http.post("/v1/environments", json={"name": f"mem-{time.monotonic_ns()}"}).json()
    return str(agent["id"]), str(env["id"])


def test_store_crud_archive_and_delete(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        store = new_store(http, "crud", description="team notes", metadata={"team": "a"})
        assert store["type"] == "memory_store"
        assert store["id"].startswith("memstore_")
        assert store["archived_at"] is None
        assert http.get(f"/v1/memory_stores/{store['id']}").json() == store
        updated = http.post(f"/v1/memory_stores/{store['id']}", json={"name": "crud2", "metadata": {"x": "y"}}).json()
        assert updated["name"] == "crud2"
        assert updated["description"] == "team notes"
        assert updated["metadata"] == {"x": "y"}
        listed = [s["id"] for s in http.get("/v1/memory_stores", params={"limit": 100}).json()["data"]]
        assert store["id"] in listed
        memory = put(http, store["id"], "a.md", "alpha")

        archived = http.post(f"/v1/memory_stores/{store['id']}/archive").json()
        assert archived["archived_at"] is not None
        listed = [s["id"] for s in http.get("/v1/memory_stores", params={"limit": 100}).json()["data"]]
        assert store["id"] not in listed
        with_archived = http.get("/v1/memory_stores", params={"limit": 100, "include_archived": "true"}).json()
        assert store["id"] in [s["id"] for s in with_archived["data"]]
        base = f"/v1/memory_stores/{store['id']}"
        refused = [
            http.post(f"{base}/memories", json={"path": "b.md", "content": "b"}),
            http.post(f"{base}/memories/{memory['id']}", json={"content": "changed"}),
            http.delete(f"{base}/memories/{memory['id']}"),
            http.post(base, json={"name": "again"}),
        ]
        assert [r.status_code for r in refused] == [409, 409, 409, 409]
        assert http.get(f"{base}/memories/{memory['id']}").json()["content"] == "alpha"

        deleted = http.delete(base)
        assert deleted.json() == {"type": "memory_store_deleted", "id": store["id"]}
        assert http.get(base).status_code == 404
        assert http.get(f"{base}/memories/{memory['id']}").status_code == 404


def test_memory_crud_conflicts_and_preconditions(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        store_id = new_store(http)["id"]
        base = f"/v1/memory_stores/{store_id}/memories"
        memory = put(http, store_id, "notes/todo.md", "buy milk")
        assert memory["id"].startswith("mem_")
        assert memory["content"] == "buy milk"
        assert memory["content_sha256"] == sha("buy milk")
        assert memory["content_size_bytes"] == 8

        clash = http.post(base, json={"path": "notes/todo.md", "content": "x"})
        assert clash.status_code == 409
        error = clash.json()["error"]
        assert error["type"] == "memory_path_conflict_error"
        assert error["details"] == {"conflicting_memory_id": memory["id"], "conflicting_path": "notes/todo.md"}

        basic = http.get(f"{base}/{memory['id']}", params={"view": "basic"}).json()
        assert basic["content"] is None
        assert http.get(f"{base}/{memory['id']}").json()["content"] == "buy milk"

        stale = http.post(
            f"{base}/{memory['id']}",
            json={"content": "buy eggs", "precondition": {"type": "content_sha256", "content_sha256": sha("other")}},
        )
        assert stale.status_code == 409
        assert stale.json()["error"]["type"] == "memory_precondition_failed_error"
        updated = http.post(
            f"{base}/{memory['id']}",
            json={"content": "buy eggs", "precondition": {"type": "content_sha256", "content_sha256": sha("buy milk")}},
        ).json()
        assert updated["content"] == "buy eggs"
        assert updated["memory_version_id"] != memory["memory_version_id"]

        other = put(http, store_id, "notes/other.md", "o")
        rename_clash = http.post(f"{base}/{other['id']}", json={"path": "notes/todo.md"})
        assert rename_clash.status_code == 409
        assert rename_clash.json()["error"]["details"]["conflicting_memory_id"] == memory["id"]
        renamed = http.post(f"{base}/{memory['id']}", json={"path": "done/todo.md"}).json()
        assert renamed["path"] == "done/todo.md"
        assert put(http, store_id, "notes/todo.md", "reused")["path"] == "notes/todo.md"

        bad_delete = http.delete(f"{base}/{memory['id']}", params={"expected_content_sha256": sha("nope")})
        assert bad_delete.status_code == 409
        assert bad_delete.json()["error"]["type"] == "memory_precondition_failed_error"
        gone = http.delete(f"{base}/{memory['id']}", params={"expected_content_sha256": sha("buy eggs")})
        assert gone.json() == {"type": "memory_deleted", "id": memory["id"]}
        assert http.get(f"{base}/{memory['id']}").status_code == 404


@pytest.mark.parametrize(
    "path", ["//abs.md", "/", "a/../b.md", "a//b.md", "./a.md", "dir/", "a\\b.md", "bad\x00.md", "x/" * 600 + "y"]
)
def test_invalid_paths_are_400(mango_platform: Platform, mango_tenant: Tenant, path: str) -> None:
    with client(mango_platform, mango_tenant) as http:
        store_id = new_store(http)["id"]
        response = http.post(f"/v1/memory_stores/{store_id}/memories", json={"path": path, "content": "x"})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["type"] == "invalid_request_error"
        assert "path" in response.json()["error"]["message"]


def test_content_over_100_kib_is_413(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        store_id = new_store(http)["id"]
        response = http.post(f"/v1/memory_stores/{store_id}/memories", json={"path": "big", "content": "é" * 60000})
        assert response.status_code == 413, response.text


def test_versions_record_every_change_and_redact(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        store_id = new_store(http)["id"]
        base = f"/v1/memory_stores/{store_id}"
        memory = put(http, store_id, "v.md", "one")
        http.post(f"{base}/memories/{memory['id']}", json={"content": "two"}).raise_for_status()
        http.delete(f"{base}/memories/{memory['id']}").raise_for_status()
        versions = http.get(f"{base}/memory_versions").json()["data"]
        assert [v["operation"] for v in versions] == ["deleted", "modified", "created"]
        assert [v["content"] for v in versions] == [None, "two", "one"]
        assert versions[2]["id"] == memory["memory_version_id"]
        assert all(v["created_by"]["type"] == "api_actor" for v in versions)
        assert all(v["created_by"]["api_key_id"] for v in versions)
        assert versions[1]["content_sha256"] == sha("two")
        only_created = http.get(f"{base}/memory_versions", params={"operation": "created"}).json()["data"]
        assert [v["id"] for v in only_created] == [versions[2]["id"]]
        by_memory = http.get(f"{base}/memory_versions", params={"memory_id": memory["id"], "limit": 1}).json()
        assert len(by_memory["data"]) == 1
        assert by_memory["next_page"]
        by_session = http.get(f"{base}/memory_versions", params={"session_id": "sesn_none"}).json()
        assert by_session["data"] == []

        redacted = http.post(f"{base}/memory_versions/{versions[1]['id']}/redact").json()
        assert redacted["redacted_at"] is not None
        assert [redacted[k] for k in ("path", "content", "content_sha256", "content_size_bytes")] == [None] * 4
        assert redacted["created_by"] == versions[1]["created_by"]
        assert redacted["created_at"] == versions[1]["created_at"]
        assert http.get(f"{base}/memory_versions/{versions[1]['id']}").json() == redacted
        again = http.post(f"{base}/memory_versions/{versions[1]['id']}/redact").json()
        assert again == redacted

        live = put(http, store_id, "live.md", "current")
        current = http.post(f"{base}/memory_versions/{live['memory_version_id']}/redact")
        assert current.status_code == 409


def test_list_by_prefix_depth_and_view(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        store_id = new_store(http)["id"]
        for path in ("a.md", "notes/x.md", "notes/deep/1.md", "notes/deep/2.md", "notes/y.md", "z/q.md"):
            put(http, store_id, path, f"content of {path}")
        url = f"/v1/memory_stores/{store_id}/memories"

        everything = http.get(url).json()
        assert [i["path"] for i in everything["data"]] == [
            "a.md",
            "notes/deep/1.md",
            "notes/deep/2.md",
            "notes/x.md",
            "notes/y.md",
            "z/q.md",
        ]
        assert all(i["content"] is None for i in everything["data"])
        full = http.get(url, params={"view": "full", "path_prefix": "notes/x"}).json()["data"]
        assert [(i["path"], i["content"]) for i in full] == [("notes/x.md", "content of notes/x.md")]

        top = http.get(url, params={"depth": 1}).json()["data"]
        assert [(i["type"], i["path"]) for i in top] == [
            ("memory", "a.md"),
            ("memory_prefix", "notes/"),
            ("memory_prefix", "z/"),
        ]
        notes = http.get(url, params={"path_prefix": "notes/", "depth": 1}).json()["data"]
        assert [(i["type"], i["path"]) for i in notes] == [
            ("memory_prefix", "notes/deep/"),
            ("memory", "notes/x.md"),
            ("memory", "notes/y.md"),
        ]

        seen: list[str] = []
        page: str | None = None
        while True:
            params: dict[str, Any] = {"depth": 2, "limit": 2}
            if page:
                params["page"] = page
            body = http.get(url, params=params).json()
            seen.extend(i["path"] for i in body["data"])
            page = body["next_page"]
            if not page:
                break
        assert seen == ["a.md", "notes/deep/", "notes/x.md", "notes/y.md", "z/q.md"]
        # The managed-agents clients' store-rooted form names the same prefix.
        assert http.get(url, params={"path_prefix": "/notes/", "depth": 1}).json()["data"] == notes
        assert http.get(url, params={"path_prefix": "//notes"}).status_code == 400
        assert http.get(url, params={"depth": 0}).status_code == 400


def test_other_workspace_sees_404(mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        store_id = new_store(http)["id"]
        memory = put(http, store_id, "secret.md", "s")
        base = f"/v1/memory_stores/{store_id}"
        for response in (
            other.get(base),
            other.get(f"{base}/memories"),
            other.get(f"{base}/memories/{memory['id']}"),
            other.get(f"{base}/memory_versions"),
            other.get(f"{base}/memory_versions/{memory['memory_version_id']}"),
            other.post(f"{base}/memories", json={"path": "x.md", "content": "x"}),
            other.post(f"{base}/archive"),
            other.delete(base),
        ):
            assert response.status_code == 404, response.request.url
            assert response.json()["error"]["type"] == "not_found_error"
        assert store_id not in [s["id"] for s in other.get("/v1/memory_stores").json()["data"]]
        agent_id, env_id = agent_and_environment(other)
        attach = other.post(
            "/v1/sessions",
            json={
                "agent": agent_id,
                "environment_id": env_id,
                "resources": [{"type": "memory_store", "memory_store_id": store_id, "access": "read_only"}],
            },
        )
        assert attach.status_code == 400


def test_session_attachments_are_frozen_and_filterable(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        agent_id, env_id = agent_and_environment(http)
        first = new_store(http, "Team Notes", description="shared")
        second = new_store(http, "scratch")
        created = http.post(
            "/v1/sessions",
            json={
                "agent": agent_id,
                "environment_id": env_id,
                "resources": [
                    {"type": "memory_store", "memory_store_id": first["id"], "access": "read_write"},
                    {
                        "type": "memory_store",
                        "memory_store_id": second["id"],
                        "access": "read_only",
                        "mount_path": "/data/scratch",
                        "instructions": "reference only",
                    },
                ],
            },
        )
        assert created.status_code == 200, created.text
        session = created.json()
        assert session["resources"] == [
            {
                "type": "memory_store",
                "memory_store_id": first["id"],
                "access": "read_write",
                "mount_path": "/mnt/memory/Team_Notes",
                "instructions": None,
                "name": "Team Notes",
                "description": "shared",
            },
            {
                "type": "memory_store",
                "memory_store_id": second["id"],
                "access": "read_only",
                "mount_path": "/data/scratch",
                "instructions": "reference only",
                "name": "scratch",
                "description": None,
            },
        ]
        http.post(f"/v1/memory_stores/{first['id']}", json={"name": "renamed"}).raise_for_status()
        assert http.get(f"/v1/sessions/{session['id']}").json()["resources"] == session["resources"]

        plain = http.post("/v1/sessions", json={"agent": agent_id, "environment_id": env_id}).json()
        listed = http.get("/v1/sessions", params={"memory_store_id": second["id"], "limit": 100}).json()["data"]
        assert [s["id"] for s in listed] == [session["id"]]
        assert plain["resources"] == []

        in_use = http.delete(f"/v1/memory_stores/{first['id']}")
        assert in_use.status_code == 409
        http.post(f"/v1/sessions/{session['id']}/archive").raise_for_status()
        assert http.delete(f"/v1/memory_stores/{first['id']}").status_code == 200


def test_invalid_attachments_are_refused(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        agent_id, env_id = agent_and_environment(http)
        good = new_store(http, "good")["id"]
        archived = new_store(http, "old")["id"]
        http.post(f"/v1/memory_stores/{archived}/archive").raise_for_status()

        def attach(*resources: dict[str, Any]) -> httpx.Response:
            return http.post(
                "/v1/sessions", json={"agent": agent_id, "environment_id": env_id, "resources": list(resources)}
            )

        def ref(store_id: str, **extra: Any) -> dict[str, Any]:
            return {"type": "memory_store", "memory_store_id": store_id, "access": "read_only", **extra}

        cases = [
            ((ref(good), ref("memstore_missing")), "resources[1]"),
            ((ref(archived),), "resources[0]"),
            ((ref(good), ref(good)), "resources[1]"),
            ((ref(good, mount_path="relative/path"),), "resources[0].mount_path"),
            ((ref(good, mount_path="/mnt/../etc"),), "resources[0].mount_path"),
        ]
        for resources, needle in cases:
            response = attach(*resources)
            assert response.status_code == 400, response.text
            assert needle in response.json()["error"]["message"]
        too_many = attach(*[ref(good)] * 9)
        assert too_many.status_code == 400
        bad_access = attach({"type": "memory_store", "memory_store_id": good, "access": "admin"})
        assert bad_access.status_code == 400
