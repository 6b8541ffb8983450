"""Skill materialisation against the local Mango emulation: verification, safe extraction, publication."""

from __future__ import annotations

import io
import os
import stat
import zipfile
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio
import pytest
from mango import AsyncMango, RetryPolicy
from mango._generated.models import Session
from mango.lib import EnvironmentWorker, ItemOutcome, ToolContext, _environment_worker, _lease
from mango.lib._exceptions import InputFailed
from mango.lib._skills import STAGING_PREFIX, SkillLimits, extract_archive, materialise_skills
from mango.lib.tools import default_toolset

from .conftest import FakeMango, agent_body, make_secret

S = "sesn_1"
PIN = {"type": "custom", "skill_id": "skill_1", "version": "3"}


def archive(members: Mapping[str, bytes | str], *, modes: Mapping[str, int] | None = None) -> bytes:
    """A zip; ``modes`` sets a member's unix mode (``stat.S_IFLNK | 0o777`` makes a symlink)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            mode = (modes or {}).get(name, (stat.S_IFDIR | 0o755) if name.endswith("/") else (stat.S_IFREG | 0o644))
            info.external_attr = mode << 16
            zf.writestr(info, data)
    return buffer.getvalue()


GOOD = archive(
    {
        "pdf/SKILL.md": "---\nname: pdf\ndescription: d\n---\nRun scripts/fill.sh\n",
        "pdf/scripts/fill.sh": "#!/bin/sh\necho fill\n",
        "pdf/helper.txt": "supporting text\n",
    },
    modes={"pdf/scripts/fill.sh": stat.S_IFREG | 0o755},
)


def real(path: Path) -> Path:
    return path.resolve()


def is_link(path: Path) -> bool:
    return path.is_symlink()


class Recorder:
    def __init__(self) -> None:
        self.contexts: list[ToolContext] = []

    def __call__(self, context: ToolContext) -> dict[str, Any]:
        self.contexts.append(context)
        return default_toolset(context.workdir, context.read_only_roots, allowed_roots=context.allowed_roots)


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_lease, "HEARTBEAT_FLOOR", 0.05)
    policy = replace(_environment_worker._ITEM_CLIENT_POLICY, base_delay=0.0, max_delay=0.0)
    monkeypatch.setattr(_environment_worker, "_ITEM_CLIENT_POLICY", policy)


def make_worker(fake: FakeMango, workdir: Path, zero: RetryPolicy, recorder: Recorder) -> EnvironmentWorker:
    return EnvironmentWorker(
        base_url=fake.url,
        environment_id="env_1",
        workdir=workdir,
        tools_factory=recorder,
        max_idle=0.1,
        backoff=zero,
        memory_sync_interval=None,
    )


async def run_item(w: EnvironmentWorker) -> Any:
    with anyio.fail_after(10):
        return await w.handle_item(work_id="work_1", environment_id="env_1", session_id=S, secret=make_secret())


async def test_pinned_skill_is_published_before_tools_and_read_only_for_file_tools(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.idle(S)
    recorder = Recorder()
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, recorder))
    assert result.outcome is ItemOutcome.COMPLETED
    root = tmp_path / "skills" / "pdf"
    assert (root / "helper.txt").read_text() == "supporting text\n"
    assert os.stat(root / "scripts" / "fill.sh").st_mode & 0o111
    assert not os.stat(root / "helper.txt").st_mode & 0o111
    routes = [r.route for r in fake.requests]
    assert routes[:4] == ["heartbeat", "sessions.get", "skills.versions.get", "skills.versions.content"]
    (context,) = recorder.contexts
    assert context.read_only_roots == (real(tmp_path) / "skills",)
    tools = recorder(context)
    refused = await tools["write"].run({"file_path": "skills/pdf/SKILL.md", "content": "x"})
    assert refused.is_error
    read = await tools["read"].run({"file_path": "skills/pdf/helper.txt"})
    assert "supporting text" in read.text
    await tools["bash"].close()  # type: ignore[attr-defined]
    assert not [p for p in os.listdir(tmp_path) if p.startswith(STAGING_PREFIX)]
    assert all(r.headers["authorization"] == "Bearer tok-session" for r in fake.requests)


async def test_checksum_mismatch_fails_the_work(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf", archive_sha256="0" * 64)
    recorder = Recorder()
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, recorder))
    assert result.outcome is ItemOutcome.FAILED
    assert "SHA-256" in result.reason
    (fail,) = fake.of("fail")
    assert fail.body["error"]["type"] == "session_input_failed_error"
    assert not fake.of("stop")
    assert recorder.contexts == []
    assert not (tmp_path / "skills").exists()
    assert not [p for p in os.listdir(tmp_path) if p.startswith(STAGING_PREFIX)]


async def test_size_mismatch_and_invalid_pin_fail(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf", archive_size_bytes=len(GOOD) + 1)
    assert (await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))).outcome is ItemOutcome.FAILED
    fake.session(skills=[{"type": "custom", "skill_id": "skill_1", "version": "latest"}])
    fake.heartbeat_token = "NO_HEARTBEAT"
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.FAILED
    assert "concrete version" in result.reason
    assert len(fake.of("fail")) == 2


async def test_unsafe_archive_fails_the_work(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    fake.session(skills=[PIN])
    link = archive({"pdf/SKILL.md": "x", "pdf/link": "/etc/passwd"}, modes={"pdf/link": stat.S_IFLNK | 0o777})
    fake.add_skill("skill_1", "3", link, "pdf")
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.FAILED
    assert "link or special" in result.reason
    assert not (tmp_path / "skills").exists()


@pytest.mark.parametrize(
    ("members", "modes", "message"),
    [
        ({"pdf/../../escape.txt": "x"}, None, "safe relative path"),
        ({"/etc/evil": "x"}, None, "safe relative path"),
        ({"pdf\\..\\evil": "x"}, None, "safe relative path"),
        ({"other/SKILL.md": "x"}, None, "outside"),
        ({"pdf/fifo": "x"}, {"pdf/fifo": stat.S_IFIFO | 0o644}, "link or special"),
        ({"pdf/dev": "x"}, {"pdf/dev": stat.S_IFCHR | 0o644}, "link or special"),
        ({f"pdf/f{i}": "x" for i in range(6)}, None, "members"),
        ({"pdf/bomb": "0" * 5000}, None, "expands past"),
    ],
)
def test_unsafe_members_are_refused(
    tmp_path: Path, members: dict[str, str], modes: dict[str, int] | None, message: str
) -> None:
    target = tmp_path / "stage"
    target.mkdir()
    with pytest.raises(InputFailed, match=message):
        extract_archive(archive(members, modes=modes), "pdf", target, max_members=5, max_bytes=1000)
    assert not (tmp_path / "escape.txt").exists()
    assert sorted(os.listdir(tmp_path)) == ["stage"]


def test_duplicate_and_not_a_zip_are_refused(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("pdf/a", "1")
        with pytest.warns(UserWarning, match="Duplicate"):
            zf.writestr("pdf/a", "2")
    with pytest.raises(InputFailed, match="duplicated"):
        extract_archive(buffer.getvalue(), "pdf", tmp_path, max_members=10, max_bytes=100)
    with pytest.raises(InputFailed, match="not a zip"):
        extract_archive(b"not a zip", "pdf", tmp_path, max_members=10, max_bytes=100)


async def test_transient_download_failure_leaves_the_item_for_reclaim(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.script("skills.versions.content", *([503] * 20))
    recorder = Recorder()
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, recorder))
    assert result.outcome is ItemOutcome.UNFINISHED
    assert not fake.of("stop")
    assert not fake.of("fail")
    assert recorder.contexts == []
    assert len(fake.of("skills.versions.content")) == 9  # 3 attempts of 3 requests each


async def test_transient_failure_then_success(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.script("skills.versions.content", 503, 503, 503, 503)
    fake.idle(S)
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.COMPLETED
    assert (tmp_path / "skills" / "pdf" / "SKILL.md").is_file()


async def test_publication_replaces_only_the_skills_entry(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    workdir = tmp_path / "work"
    victim = tmp_path / "victim"
    workdir.mkdir()
    victim.mkdir()
    (victim / "keep.txt").write_text("mine")
    (workdir / "notes.txt").write_text("untouched")
    os.symlink(victim, workdir / "skills")
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.idle(S)
    result = await run_item(make_worker(fake, workdir, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.COMPLETED
    assert not is_link(workdir / "skills")
    assert sorted(os.listdir(workdir / "skills")) == ["pdf"]
    assert sorted(os.listdir(victim)) == ["keep.txt"]
    assert (victim / "keep.txt").read_text() == "mine"
    assert sorted(os.listdir(workdir)) == ["notes.txt", "skills"]


async def test_an_existing_skills_folder_is_replaced(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    (tmp_path / "skills" / "old").mkdir(parents=True)
    (tmp_path / "skills" / "old" / "stale.txt").write_text("stale")
    fake.session(skills=[PIN])
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.idle(S)
    assert (await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))).outcome is ItemOutcome.COMPLETED
    assert sorted(os.listdir(tmp_path / "skills")) == ["pdf"]
    assert sorted(os.listdir(tmp_path)) == ["skills"]


async def test_skills_disabled_fetches_no_archive(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    fake.session(skills=[PIN])
    fake.idle(S)
    w = EnvironmentWorker(
        base_url=fake.url, environment_id="env_1", workdir=tmp_path, max_idle=0.1, backoff=zero_backoff, skills=False
    )
    assert (await run_item(w)).outcome is ItemOutcome.COMPLETED
    assert not fake.of("skills.versions.get")


OTHER = archive(
    {"pdf/SKILL.md": "---\nname: pdf\ndescription: d\n---\nThe specialist's pdf.\n", "pdf/spec.txt": "mine\n"}
)


def coordinator(fake: FakeMango, skills: list[dict[str, Any]], *members: dict[str, Any]) -> None:
    """A coordinator Session whose roster holds ``self``, the Advisor and ``members``."""
    body = fake.session(skills=skills)
    own = agent_body("agent_1", 1, skills)
    advisor = {"type": "advisor", "model": {"id": "mango-offline-1"}}
    body["agent"]["multiagent"] = {"type": "coordinator", "agents": [own, advisor, *members]}


async def test_external_roster_agents_skills_land_in_their_scope_without_colliding(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    pin_c = {"type": "custom", "skill_id": "skill_c", "version": "5"}
    coordinator(fake, [PIN], agent_body("agent_spec", 7, [pin_c]), agent_body("agent_rev", 2, [PIN]))
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.add_skill("skill_c", "5", OTHER, "pdf")  # the same directory name as the coordinator's Skill
    fake.idle(S)
    recorder = Recorder()
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, recorder))
    assert result.outcome is ItemOutcome.COMPLETED
    skills = tmp_path / "skills"
    assert sorted(os.listdir(skills)) == [".agents", "pdf"]
    assert (skills / "pdf" / "helper.txt").read_text() == "supporting text\n"
    assert not (skills / "pdf" / "spec.txt").exists()
    assert sorted(os.listdir(skills / ".agents")) == ["agent_rev-v2", "agent_spec-v7"]
    spec = skills / ".agents" / "agent_spec-v7" / "pdf"
    assert (spec / "spec.txt").read_text() == "mine\n"
    assert "specialist's" in (spec / "SKILL.md").read_text()
    assert (skills / ".agents" / "agent_rev-v2" / "pdf" / "helper.txt").read_text() == "supporting text\n"
    # skill_1 v3 is pinned by two Agents but downloaded once; the self member adds nothing.
    assert len(fake.of("skills.versions.content")) == 2
    (context,) = recorder.contexts
    assert context.read_only_roots == (real(tmp_path) / "skills",)  # the scopes are read-only too
    tools = recorder(context)
    refused = await tools["write"].run({"file_path": "skills/.agents/agent_spec-v7/pdf/spec.txt", "content": "x"})
    assert refused.is_error
    await tools["bash"].close()  # type: ignore[attr-defined]
    assert sorted(os.listdir(tmp_path)) == ["skills"]


async def test_only_a_members_skills_are_still_published(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    coordinator(fake, [], agent_body("agent_spec", 7, [PIN]))
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.idle(S)
    assert (await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))).outcome is ItemOutcome.COMPLETED
    assert sorted(os.listdir(tmp_path / "skills")) == [".agents"]
    assert (tmp_path / "skills" / ".agents" / "agent_spec-v7" / "pdf" / "SKILL.md").is_file()


async def test_a_member_pin_without_a_concrete_version_fails_the_work(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    latest = {"type": "custom", "skill_id": "skill_c", "version": "latest"}
    coordinator(fake, [PIN], agent_body("agent_spec", 7, [latest]))
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    recorder = Recorder()
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, recorder))
    assert result.outcome is ItemOutcome.FAILED
    assert "roster member 2 (agent_spec) skill pin 0" in result.reason
    assert "concrete version" in result.reason
    (fail,) = fake.of("fail")
    assert fail.body["error"]["type"] == "session_input_failed_error"
    assert not fake.of("skills.versions.get")  # nothing is downloaded before every pin is checked
    assert recorder.contexts == []
    assert not (tmp_path / "skills").exists()


@pytest.mark.parametrize(
    ("agent_id", "version", "message"),
    [("agent/../x", 1, "usable agent id"), ("agent_spec", 0, "usable agent id"), ("agent_spec", "7", "usable")],
)
async def test_an_unusable_member_scope_fails_the_work(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy, agent_id: str, version: Any, message: str
) -> None:
    coordinator(fake, [], agent_body(agent_id, version, [PIN]))
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.FAILED
    assert message in result.reason
    assert not (tmp_path / "skills").exists()


async def test_a_primary_skill_named_like_the_namespace_fails_when_members_have_skills(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    squat = archive({".agents/SKILL.md": "x", ".agents/agent_spec-v7/pdf/SKILL.md": "not the member's"})
    coordinator(fake, [PIN], agent_body("agent_spec", 7, [{"type": "custom", "skill_id": "skill_c", "version": "5"}]))
    fake.add_skill("skill_1", "3", squat, ".agents")
    fake.add_skill("skill_c", "5", OTHER, "pdf")
    result = await run_item(make_worker(fake, tmp_path, zero_backoff, Recorder()))
    assert result.outcome is ItemOutcome.FAILED
    assert "reserved for roster Agents" in result.reason
    assert not (tmp_path / "skills").exists()


async def test_the_session_bound_covers_every_scope(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    pin_c = {"type": "custom", "skill_id": "skill_c", "version": "5"}
    coordinator(fake, [PIN], agent_body("agent_spec", 7, [pin_c]))
    fake.add_skill("skill_1", "3", GOOD, "pdf")
    fake.add_skill("skill_c", "5", OTHER, "pdf")
    limits = SkillLimits(max_session_archive_bytes=len(GOOD) + len(OTHER) - 1)
    session = Session.from_dict(fake.sessions[S])

    async def once(step: Callable[[], Awaitable[Any]], what: str) -> Any:
        return await step()

    async with AsyncMango(base_url=fake.url, api_key="tok-session", retry_policy=zero_backoff) as client:
        with pytest.raises(InputFailed, match="per-Session limit"):
            await materialise_skills(client, session, tmp_path, fetch=once, limits=limits)
        roomy = SkillLimits(max_session_archive_bytes=len(GOOD) + len(OTHER))
        published = await materialise_skills(client, session, tmp_path, fetch=once, limits=roomy)
    assert published.directories == ("pdf",)
    assert published.scopes == ("agent_spec-v7",)
    assert sorted(os.listdir(tmp_path)) == ["skills"]
