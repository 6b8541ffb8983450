"""Memory Store sync against the local Mango emulation: download, marker, two-phase passes, conflicts, leases."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import anyio
import pytest
from mango import AsyncMango, RetryPolicy
from mango._generated.models import SessionResource
from mango.lib import EnvironmentWorker, ItemOutcome, LeaseLost, ToolContext, ToolResult, _lease, _memory
from mango.lib._lease import WorkLease
from mango.lib._memory import MemorySync, plan_mounts
from mango.lib.tools import default_toolset

from .conftest import FakeMango, make_secret, store_resource

S = "sesn_1"
STORE = "memstore_1"
MARKER = f".mango-memory-{STORE}.json"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def basic_listing(fake: FakeMango, store: str = STORE) -> dict[str, Any]:
    """The current ``view=basic`` listing, to replay later as a stale answer."""
    items = sorted(fake.memories.get(store, {}).values(), key=lambda m: m["path"])
    return {"data": [{**m, "content": None} for m in items], "next_page": None}


@pytest.fixture
async def client(fake: FakeMango, zero_backoff: RetryPolicy) -> AsyncIterator[AsyncMango]:
    async with AsyncMango(base_url=fake.url, api_key="tok-session", retry_policy=zero_backoff) as c:
        yield c


def make_sync(client: AsyncMango, root: Path, access: str = "read_write", deletes: int = 10) -> MemorySync:
    lease = WorkLease(client, "env_1", "work_1", backoff=RetryPolicy(max_retries=0))
    resources = [SessionResource.from_dict(store_resource(STORE, "notes", access))]
    return MemorySync(client, lease, plan_mounts(resources, root), max_deletes_per_pass=deletes)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


async def test_initial_download_paginates_and_writes_the_marker(
    fake: FakeMango, client: AsyncMango, tmp_path: Path
) -> None:
    for i in range(70):
        fake.add_memory(STORE, f"notes/n{i:02d}.md", f"note {i}")
    fake.add_memory(STORE, "top.md", "top")
    sync = make_sync(client, tmp_path)
    await sync.download()
    folder = tmp_path / "notes"
    assert (folder / "top.md").read_text() == "top"
    assert (folder / "notes" / "n69.md").read_text() == "note 69"
    lists = fake.of("memories.list")
    assert len(lists) == 2
    assert all(r.query["view"] == ["full"] for r in lists)
    marker = json.loads((folder / MARKER).read_text())
    assert marker["memory_store_id"] == STORE
    assert marker["baseline"]["top.md"] == sha("top")
    assert len(marker["baseline"]) == 71
    assert sync.allowed_roots() == (folder,)
    assert sync.read_only_roots() == ()


async def test_local_edit_is_pushed_with_a_precondition(fake: FakeMango, client: AsyncMango, tmp_path: Path) -> None:
    memory_id = fake.add_memory(STORE, "a.md", "one")
    sync = make_sync(client, tmp_path)
    await sync.download()
    write(tmp_path / "notes" / "a.md", "two")
    write(tmp_path / "notes" / "sub" / "new.md", "fresh")
    await sync.reconcile()
    (update,) = fake.of("memories.update")
    assert update.path.endswith(memory_id)
    assert update.body["precondition"] == {"type": "content_sha256", "content_sha256": sha("one")}
    assert fake.memories[STORE][memory_id]["content"] == "two"
    (create,) = fake.of("memories.create")
    assert create.body == {"path": "sub/new.md", "content": "fresh"}
    assert [r.query["view"] for r in fake.of("memories.list")][1:] == [["basic"]]
    await sync.reconcile()
    assert len(fake.of("memories.update")) == 1
    assert len(fake.of("memories.create")) == 1
    assert json.loads((tmp_path / "notes" / MARKER).read_text())["baseline"]["a.md"] == sha("two")


async def test_remote_change_is_pulled_in_a_second_phase(fake: FakeMango, client: AsyncMango, tmp_path: Path) -> None:
    changed = fake.add_memory(STORE, "a.md", "one")
    fake.add_memory(STORE, "b.md", "same")
    gone = fake.add_memory(STORE, "c.md", "bye")
    sync = make_sync(client, tmp_path)
    await sync.download()
    fake.set_memory(STORE, changed, "server edit")
    del fake.memories[STORE][gone]
    fake.add_memory(STORE, "d.md", "added")
    await sync.reconcile()
    folder = tmp_path / "notes"
    assert (folder / "a.md").read_text() == "server edit"
    assert (folder / "d.md").read_text() == "added"
    assert not (folder / "c.md").exists()
    assert sorted(r.path.rsplit("/", 1)[1] for r in fake.of("memories.get")) == sorted([changed, "mem_0004"])
    assert not fake.of("memories.update")
    assert not fake.of("memories.delete")


async def test_simultaneous_edit_server_wins(fake: FakeMango, client: AsyncMango, tmp_path: Path) -> None:
    memory_id = fake.add_memory(STORE, "a.md", "one")
    sync = make_sync(client, tmp_path)
    await sync.download()
    write(tmp_path / "notes" / "a.md", "local")
    fake.set_memory(STORE, memory_id, "server")
    await sync.reconcile()
    assert (tmp_path / "notes" / "a.md").read_text() == "server"
    assert not fake.of("memories.update")


async def test_precondition_failure_takes_the_server_version(
    fake: FakeMango, client: AsyncMango, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    memory_id = fake.add_memory(STORE, "a.md", "one")
    sync = make_sync(client, tmp_path)
    await sync.download()
    stale = basic_listing(fake)
    fake.set_memory(STORE, memory_id, "server")
    fake.script("memories.list", stale)
    write(tmp_path / "notes" / "a.md", "local")
    await sync.reconcile()
    (update,) = fake.of("memories.update")
    assert update.body["precondition"]["content_sha256"] == sha("one")
    assert fake.memories[STORE][memory_id]["content"] == "server"
    assert (tmp_path / "notes" / "a.md").read_text() == "server"
    assert "server wins" in caplog.text


async def test_create_path_conflict_takes_the_server_version(
    fake: FakeMango, client: AsyncMango, tmp_path: Path
) -> None:
    sync = make_sync(client, tmp_path)
    await sync.download()
    stale = basic_listing(fake)
    fake.add_memory(STORE, "new.md", "theirs")
    fake.script("memories.list", stale)
    write(tmp_path / "notes" / "new.md", "mine")
    await sync.reconcile()
    assert len(fake.of("memories.create")) == 1
    assert fake.memory_at(STORE, "new.md")["content"] == "theirs"  # type: ignore[index]
    assert (tmp_path / "notes" / "new.md").read_text() == "theirs"


async def test_local_deletion_waits_for_a_later_pass_and_is_capped(
    fake: FakeMango, client: AsyncMango, tmp_path: Path
) -> None:
    for i in range(12):
        fake.add_memory(STORE, f"m{i:02d}.md", f"{i}")
    sync = make_sync(client, tmp_path, deletes=10)
    await sync.download()
    for i in range(12):
        os.unlink(tmp_path / "notes" / f"m{i:02d}.md")
    await sync.reconcile()
    assert not fake.of("memories.delete")
    assert len(fake.memories[STORE]) == 12
    await sync.reconcile()
    deletes = fake.of("memories.delete")
    assert len(deletes) == 10
    assert all("expected_content_sha256" in r.query for r in deletes)
    await sync.reconcile()
    assert len(fake.of("memories.delete")) == 12
    assert fake.memories[STORE] == {}


async def test_a_file_back_before_the_second_pass_is_not_deleted(
    fake: FakeMango, client: AsyncMango, tmp_path: Path
) -> None:
    fake.add_memory(STORE, "a.md", "one")
    sync = make_sync(client, tmp_path)
    await sync.download()
    os.unlink(tmp_path / "notes" / "a.md")
    await sync.reconcile()
    write(tmp_path / "notes" / "a.md", "one")
    await sync.reconcile()
    os.unlink(tmp_path / "notes" / "a.md")
    await sync.reconcile()
    assert not fake.of("memories.delete")


async def test_read_only_store_is_never_pushed(fake: FakeMango, client: AsyncMango, tmp_path: Path) -> None:
    memory_id = fake.add_memory(STORE, "a.md", "one")
    fake.add_memory(STORE, "b.md", "two")
    sync = make_sync(client, tmp_path, access="read_only")
    await sync.download()
    assert sync.read_only_roots() == (tmp_path / "notes",)
    write(tmp_path / "notes" / "a.md", "local")
    write(tmp_path / "notes" / "c.md", "new")
    os.unlink(tmp_path / "notes" / "b.md")
    for _ in range(3):
        await sync.reconcile()
    await sync.flush(5.0)
    assert not [r for r in fake.requests if r.method in ("POST", "DELETE")]
    fake.set_memory(STORE, memory_id, "server")
    await sync.reconcile()
    assert (tmp_path / "notes" / "a.md").read_text() == "server"


@pytest.mark.parametrize("damage", ["alter", "remove"])
async def test_altered_marker_disables_pushes_and_deletes(
    fake: FakeMango, client: AsyncMango, tmp_path: Path, damage: str
) -> None:
    fake.add_memory(STORE, "a.md", "one")
    fake.add_memory(STORE, "b.md", "two")
    sync = make_sync(client, tmp_path)
    await sync.download()
    marker = tmp_path / "notes" / MARKER
    if damage == "alter":
        marker.write_text(marker.read_text().replace("one", "ONE") + " ")
    else:
        marker.unlink()
    write(tmp_path / "notes" / "a.md", "local")
    os.unlink(tmp_path / "notes" / "b.md")
    for _ in range(3):
        await sync.reconcile()
    await sync.flush(5.0)
    assert not [r for r in fake.requests if r.method in ("POST", "DELETE")]


async def test_lease_loss_stops_sync_at_once(fake: FakeMango, client: AsyncMango, tmp_path: Path) -> None:
    fake.add_memory(STORE, "a.md", "one")
    sync = make_sync(client, tmp_path)
    await sync.download()
    write(tmp_path / "notes" / "a.md", "local")
    write(tmp_path / "notes" / "b.md", "new")
    fake.script("memories.update", 401)
    with pytest.raises(LeaseLost):
        await sync.reconcile()
    assert sync.lease.lost
    assert not fake.of("memories.create")
    before = len(fake.requests)
    with pytest.raises(LeaseLost):
        await sync.reconcile()
    assert len(fake.requests) == before


# ---------------------------------------------------------------- through EnvironmentWorker


class MemoryTool:
    """Writes a memory file through the file tools, then optionally waits for ``until``."""

    def __init__(self, fake: FakeMango) -> None:
        self.fake = fake
        self.contexts: list[ToolContext] = []
        self.seen_at_build: list[str] = []
        self.wait_for_server: str | None = None
        self.gate: anyio.Event | None = None
        self.started = anyio.Event()

    def factory(self, context: ToolContext) -> dict[str, Any]:
        self.contexts.append(context)
        folder = context.allowed_roots[0]
        self.seen_at_build = sorted(p.name for p in folder.iterdir())
        self.files = default_toolset(context.workdir, context.read_only_roots, allowed_roots=context.allowed_roots)
        self.folder = folder
        return {"memo": self}

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        path = str(self.folder / input["path"])
        result = await self.files["write"].run({"file_path": path, "content": input["content"]})
        self.started.set()
        if self.wait_for_server is not None:
            await self.fake.until(lambda: self.fake.memory_at(STORE, input["path"]) is not None)
        if self.gate is not None:
            await self.gate.wait()
        return result

    async def close(self) -> None:
        await self.files["bash"].close()  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_lease, "HEARTBEAT_FLOOR", 0.05)
    monkeypatch.setattr(_memory, "MIN_SYNC_INTERVAL", 0.05)


def make_worker(fake: FakeMango, tmp_path: Path, tool: MemoryTool, zero: RetryPolicy, **kw: Any) -> EnvironmentWorker:
    kw.setdefault("memory_sync_interval", 60.0)
    kw.setdefault("tools_factory", tool.factory)
    return EnvironmentWorker(
        base_url=fake.url,
        environment_id="env_1",
        workdir=tmp_path / "work",
        max_idle=0.2,
        backoff=zero,
        memory_root=tmp_path / "mnt",
        **kw,
    )


async def run_item(w: EnvironmentWorker) -> Any:
    with anyio.fail_after(10):
        return await w.handle_item(work_id="work_1", environment_id="env_1", session_id=S, secret=make_secret())


def prepare(fake: FakeMango, tmp_path: Path, **resource: Any) -> None:
    (tmp_path / "work").mkdir()
    fake.session(resources=[store_resource(STORE, "notes", **resource)])
    fake.add_memory(STORE, "seed.md", "seed")


async def test_worker_downloads_before_tools_and_syncs_finally_before_stop(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path)
    tool = MemoryTool(fake)
    fake.tool_use(S, "memo", {"path": "made.md", "content": "by a tool"})
    fake.auto_idle = True
    result = await run_item(make_worker(fake, tmp_path, tool, zero_backoff))
    assert result.outcome is ItemOutcome.COMPLETED
    assert not result.calls[0].is_error
    assert tool.seen_at_build == [MARKER, "seed.md"]
    (context,) = tool.contexts
    assert context.allowed_roots == (tmp_path / "mnt" / "notes",)
    assert fake.memory_at(STORE, "made.md")["content"] == "by a tool"  # type: ignore[index]
    routes = [r.route for r in fake.requests if r.route not in ("heartbeat", "events.stream", "events.list")]
    assert routes[:2] == ["sessions.get", "memories.list"]
    assert routes.index("memories.create") < routes.index("stop")


async def test_worker_periodic_sync_pushes_while_tools_run(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path)
    tool = MemoryTool(fake)
    tool.wait_for_server = "made.md"
    fake.tool_use(S, "memo", {"path": "made.md", "content": "periodic"})
    fake.auto_idle = True
    result = await run_item(make_worker(fake, tmp_path, tool, zero_backoff, memory_sync_interval=0.05))
    assert result.outcome is ItemOutcome.COMPLETED


async def test_worker_read_only_store_is_a_read_only_root(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path, access="read_only")
    captured: list[ToolContext] = []

    def factory(context: ToolContext) -> dict[str, Any]:
        captured.append(context)
        return {}

    fake.idle(S)
    w = EnvironmentWorker(
        base_url=fake.url,
        environment_id="env_1",
        workdir=tmp_path / "work",
        tools_factory=factory,
        max_idle=0.1,
        backoff=zero_backoff,
        memory_root=tmp_path / "mnt",
    )
    assert (await run_item(w)).outcome is ItemOutcome.COMPLETED
    assert captured[0].read_only_roots == (tmp_path / "mnt" / "notes",)
    assert captured[0].allowed_roots == ()
    tools = default_toolset(tmp_path / "work", captured[0].read_only_roots)
    refused = await tools["write"].run({"file_path": str(tmp_path / "mnt" / "notes" / "x.md"), "content": "x"})
    assert refused.is_error
    await tools["bash"].close()  # type: ignore[attr-defined]


async def test_worker_lease_loss_during_final_sync_skips_stop(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path)
    tool = MemoryTool(fake)
    fake.tool_use(S, "memo", {"path": "made.md", "content": "late"})
    fake.auto_idle = True
    fake.script("memories.create", 401)
    result = await run_item(make_worker(fake, tmp_path, tool, zero_backoff))
    assert result.outcome is ItemOutcome.LEASE_LOST
    assert not fake.of("stop")
    assert len(fake.of("memories.create")) == 1


async def test_worker_cancellation_flushes_before_stop(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path)
    tool = MemoryTool(fake)
    tool.gate = anyio.Event()
    fake.tool_use(S, "memo", {"path": "made.md", "content": "flushed"})
    w = make_worker(fake, tmp_path, tool, zero_backoff)
    async with anyio.create_task_group() as tg:
        tg.start_soon(run_item, w)
        with anyio.fail_after(5):
            await tool.started.wait()
        tg.cancel_scope.cancel()
    assert fake.memory_at(STORE, "made.md")["content"] == "flushed"  # type: ignore[index]
    routes = [r.route for r in fake.requests]
    assert routes.index("memories.create") < routes.index("stop")


async def test_worker_invalid_mount_fails_and_foreign_folder_is_left_for_reclaim(
    fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy
) -> None:
    prepare(fake, tmp_path, mount_path="/mnt/memory/../etc")
    tool = MemoryTool(fake)
    assert (await run_item(make_worker(fake, tmp_path, tool, zero_backoff))).outcome is ItemOutcome.FAILED
    assert fake.of("fail")[0].body["error"]["type"] == "session_input_failed_error"
    fake.session(resources=[store_resource(STORE, "notes")])
    fake.heartbeat_token = "NO_HEARTBEAT"
    write(tmp_path / "mnt" / "notes" / "someone-elses.txt", "keep")
    result = await run_item(make_worker(fake, tmp_path, tool, zero_backoff))
    assert result.outcome is ItemOutcome.UNFINISHED
    assert not fake.of("stop")
    assert (tmp_path / "mnt" / "notes" / "someone-elses.txt").read_text() == "keep"
    assert tool.contexts == []


async def test_memory_disabled_ignores_attachments(fake: FakeMango, tmp_path: Path, zero_backoff: RetryPolicy) -> None:
    prepare(fake, tmp_path)
    fake.idle(S)
    tool = MemoryTool(fake)
    w = make_worker(fake, tmp_path, tool, zero_backoff, memory_sync_interval=None, tools_factory=None)
    assert (await run_item(w)).outcome is ItemOutcome.COMPLETED
    assert not fake.of("memories.list")
