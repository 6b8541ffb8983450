"""The official ``anthropic`` Python client's managed-agents resources against a real Mango, unchanged:
Agents (create, update, versions), Environments, Sessions (create, retrieve, update, list, archive,
delete), Files, Skills, Memory Stores and memories, Deployments, and vaults with their credentials.

Every call is the client's own typed method; a response is read through the client's models.
"""

from __future__ import annotations

import io
import zipfile

import anthropic
import pytest

from ._flow import MODEL, WEATHER_TOOL, new_session, unique

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def test_agents_create_update_versions_archive(official: anthropic.Anthropic) -> None:
    agents = official.beta.agents
    created = agents.create(
        name=unique("compat-agent"),
        model=MODEL,
        system="You help.",
        tools=[WEATHER_TOOL, {"type": "agent_toolset_20260401"}],
        metadata={"team": "compat"},
    )
    assert created.type == "agent"
    assert created.id.startswith("agent_")
    assert created.version == 1
    assert created.model.id == MODEL
    toolset = next(t for t in created.tools if t.type == "agent_toolset_20260401")
    assert {c.name for c in toolset.configs} >= {"bash", "read", "write"}

    updated = agents.update(created.id, version=1, system="You help briefly.", metadata={"team": None, "tier": "b"})
    assert updated.version == 2
    assert updated.system == "You help briefly."
    assert updated.metadata == {"tier": "b"}
    with pytest.raises(anthropic.ConflictError):
        agents.update(created.id, version=1, system="stale")

    assert agents.retrieve(created.id).version == 2
    assert agents.retrieve(created.id, version=1).system == "You help."
    assert [v.version for v in agents.versions.list(created.id)] == [2, 1]
    assert created.id in {a.id for a in agents.list(limit=100)}

    archived = agents.archive(created.id)
    assert archived.archived_at is not None
    assert created.id not in {a.id for a in agents.list(limit=100)}
    assert created.id in {a.id for a in agents.list(limit=100, include_archived=True)}


def test_environments_lifecycle(official: anthropic.Anthropic) -> None:
    environments = official.beta.environments
    env = environments.create(name=unique("compat-env"), config={"type": "self_hosted"}, metadata={"k": "v"})
    assert env.type == "environment"
    assert env.config.type == "self_hosted"
    assert environments.retrieve(env.id).name == env.name
    renamed = environments.update(env.id, name=unique("compat-env-renamed"), description="runs tools")
    assert renamed.description == "runs tools"
    assert env.id in {e.id for e in environments.list(limit=100)}
    assert environments.archive(env.id).archived_at is not None
    other = environments.create(name=unique("compat-env-deleted"))
    deleted = environments.delete(other.id)
    assert (deleted.id, deleted.type) == (other.id, "environment_deleted")
    with pytest.raises(anthropic.NotFoundError):
        environments.retrieve(other.id)


def test_sessions_lifecycle(official: anthropic.Anthropic) -> None:
    sessions = official.beta.sessions
    session = new_session(official, "compat-session")
    assert session.type == "session"
    assert session.status == "idle"
    assert session.agent.id.startswith("agent_")
    assert session.title == "compat-session"

    fetched = sessions.retrieve(session.id)
    assert fetched.environment_id == session.environment_id
    updated = sessions.update(session.id, title="renamed", metadata={"ticket": "42"})
    assert (updated.title, updated.metadata) == ("renamed", {"ticket": "42"})
    assert session.id in {s.id for s in sessions.list(limit=100)}
    assert session.id in {s.id for s in sessions.list(agent_id=session.agent.id)}

    archived = sessions.archive(session.id)
    assert archived.archived_at is not None
    deleted = sessions.delete(session.id)
    assert (deleted.id, deleted.type) == (session.id, "session_deleted")
    with pytest.raises(anthropic.NotFoundError):
        sessions.retrieve(session.id)


def test_files_upload_download_list_delete(official: anthropic.Anthropic) -> None:
    files = official.beta.files
    uploaded = files.upload(file=("notes.txt", b"hello from the official client\n", "text/plain"))
    assert uploaded.id.startswith("file_")
    assert (uploaded.filename, uploaded.size_bytes) == ("notes.txt", 31)
    assert files.retrieve_metadata(uploaded.id).mime_type.startswith("text/plain")
    assert uploaded.id in {f.id for f in files.list(limit=100)}
    assert files.download(uploaded.id).read() == b"hello from the official client\n"
    deleted = files.delete(uploaded.id)
    assert (deleted.id, deleted.type) == (uploaded.id, "file_deleted")
    with pytest.raises(anthropic.NotFoundError):
        files.retrieve_metadata(uploaded.id)


def _skill_files(directory: str, description: str) -> list[tuple[str, bytes, str]]:
    skill_md = f"---\nname: {directory}\ndescription: {description}\n---\n\nUse it.\n"
    return [
        (f"{directory}/SKILL.md", skill_md.encode(), "text/markdown"),
        (f"{directory}/helper.txt", b"a supporting file\n", "text/plain"),
    ]


def test_skills_upload_with_display_name_and_versions(official: anthropic.Anthropic) -> None:
    skills = official.beta.skills
    # Current clients send the multipart part `display_name` (older ones `display_title`).
    skill = skills.create(display_name="Compat helper", files=_skill_files("compat-helper", "Helps."))
    assert skill.id.startswith("skill_")
    assert skill.to_dict()["display_title"] == "Compat helper"
    assert skill.id in {s.id for s in skills.list(limit=100)}
    assert skills.retrieve(skill.id).id == skill.id

    second = skills.versions.create(skill.id, files=_skill_files("compat-helper", "Helps more."))
    assert second.description == "Helps more."
    listed = list(skills.versions.list(skill.id))
    assert second.version in {v.version for v in listed}
    assert len(listed) == 2
    assert skills.versions.retrieve(second.version, skill_id=skill.id).description == "Helps more."
    archive = skills.versions.download(second.version, skill_id=skill.id).read()
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        assert "compat-helper/helper.txt" in zf.namelist()
    first = next(v for v in listed if v.version != second.version)
    assert skills.versions.delete(first.version, skill_id=skill.id).type == "skill_version_deleted"
    assert [v.version for v in skills.versions.list(skill.id)] == [second.version]
    assert skills.delete(skill.id).type == "skill_deleted"


def test_memory_stores_memories_and_versions(official: anthropic.Anthropic) -> None:
    stores = official.beta.memory_stores
    store = stores.create(name=unique("compat-store"), description="What the team knows.")
    assert store.id.startswith("memstore_")
    assert stores.retrieve(store.id).description == "What the team knows."
    assert stores.update(store.id, description="Team notes.").description == "Team notes."
    assert store.id in {s.id for s in stores.list(limit=100)}

    # The client's paths start with `/`; Mango's canonical memory path is the same path, relative.
    memory = stores.memories.create(store.id, path="/notes/today.md", content="ship it")
    assert memory.path == "notes/today.md"
    full = stores.memories.retrieve(memory.id, memory_store_id=store.id)
    assert full.content == "ship it"
    with pytest.raises(anthropic.ConflictError) as conflict:
        stores.memories.create(store.id, path="/notes/today.md", content="again")
    assert conflict.value.body["error"]["type"] == "memory_path_conflict_error"  # type: ignore[index]
    changed = stores.memories.update(
        memory.id,
        memory_store_id=store.id,
        content="shipped",
        precondition={"type": "content_sha256", "content_sha256": full.content_sha256},
    )
    assert changed.content_sha256 != full.content_sha256
    listed = list(stores.memories.list(store.id, path_prefix="/notes/"))
    assert [m.path for m in listed if m.type == "memory"] == ["notes/today.md"]

    versions = list(stores.memory_versions.list(store.id))
    assert [v.operation for v in versions][:2] == ["modified", "created"]
    assert stores.memory_versions.retrieve(versions[-1].id, memory_store_id=store.id).memory_id == memory.id
    redacted = stores.memory_versions.redact(versions[-1].id, memory_store_id=store.id)
    assert redacted.redacted_at is not None

    deleted = stores.memories.delete(memory.id, memory_store_id=store.id)
    assert deleted.id == memory.id
    assert stores.archive(store.id).archived_at is not None
    assert stores.delete(store.id).type == "memory_store_deleted"


def test_deployments_and_runs(official: anthropic.Anthropic) -> None:
    agent = official.beta.agents.create(name=unique("compat-deployed"), model=MODEL)
    env = official.beta.environments.create(name=unique("compat-deployed"))
    deployments = official.beta.deployments
    deployment = deployments.create(
        name=unique("compat-nightly"),
        agent=agent.id,
        environment_id=env.id,
        initial_events=[{"type": "user.message", "content": [{"type": "text", "text": "/text nightly report"}]}],
        schedule={"type": "cron", "expression": "0 3 * * *", "timezone": "UTC"},
    )
    assert deployment.id.startswith("depl_")
    assert deployment.status == "active"
    assert deployments.retrieve(deployment.id).schedule.expression == "0 3 * * *"
    assert deployments.update(deployment.id, description="every night").description == "every night"
    assert deployment.id in {d.id for d in deployments.list(agent_id=agent.id)}
    assert deployments.pause(deployment.id).status == "paused"
    assert deployments.unpause(deployment.id).status == "active"

    run = deployments.run(deployment.id)
    assert run.deployment_id == deployment.id
    assert run.trigger_context.type == "manual"
    assert official.beta.deployment_runs.retrieve(run.id).id == run.id
    assert run.id in {r.id for r in official.beta.deployment_runs.list(deployment_id=deployment.id)}
    if run.session_id:
        assert official.beta.sessions.retrieve(run.session_id).id == run.session_id
    assert deployments.archive(deployment.id).archived_at is not None


def test_vaults_credentials_and_session_vault_ids(official: anthropic.Anthropic) -> None:
    vaults = official.beta.vaults
    vault = vaults.create(display_name=unique("compat-vault"), metadata={"team": "compat"})
    assert vault.type == "vault"
    assert vault.id.startswith("vlt_")
    assert vaults.retrieve(vault.id).display_name == vault.display_name
    assert vaults.update(vault.id, metadata={"team": None}).metadata == {}
    assert vault.id in {v.id for v in vaults.list()}

    secret = "compat-" + unique("token")
    auth = {"type": "static_bearer", "mcp_server_url": "https://mcp.compat.example/mcp", "token": secret}
    credential = vaults.credentials.create(vault.id, auth=auth, display_name="tickets")  # type: ignore[arg-type]
    assert credential.type == "vault_credential"
    assert credential.vault_id == vault.id
    assert credential.auth.type == "static_bearer"
    assert secret not in credential.model_dump_json()
    listed = list(vaults.credentials.list(vault.id))
    assert [c.id for c in listed] == [credential.id]
    updated = vaults.credentials.update(
        credential.id, vault_id=vault.id, auth={"type": "static_bearer", "token": secret + "-2"}
    )
    assert updated.display_name == "tickets"
    assert vaults.credentials.retrieve(credential.id, vault_id=vault.id).id == credential.id

    agent = official.beta.agents.create(name=unique("compat-vaulted"), model=MODEL)
    env = official.beta.environments.create(name=unique("compat-vaulted"))
    session = official.beta.sessions.create(agent=agent.id, environment_id=env.id, vault_ids=[vault.id])
    assert session.vault_ids == [vault.id]
    official.beta.sessions.archive(session.id)

    deleted = vaults.credentials.delete(credential.id, vault_id=vault.id)
    assert (deleted.id, deleted.type) == (credential.id, "vault_credential_deleted")
    assert vaults.archive(vault.id).archived_at is not None
    assert vaults.delete(vault.id).type == "vault_deleted"
