"""``MemorySync``: mirror a Session's attached Memory Stores into local folders and keep them in sync.

- ``download()``: per store, prepare the mount folder, list every memory (``view=full``, all pages),
  write the files, and write the store's marker holding the sha baseline.
- ``reconcile()``: one two-phase pass: list shas only (``view=basic``), compare local, remote and
  baseline per path, then fetch only the changed contents. Local-only change: upload with a
  ``content_sha256`` precondition (a new file is created). Remote-only change: write to disk.
  Both changed: the server wins (a 409 precondition or path conflict as well), with a warning.
  A local deletion is applied remotely only when a later pass still sees the file missing, and at
  most ``max_deletes_per_pass`` per pass. ``read_only`` stores are never pushed.
- ``flush()``: push-only (no pulls, no deletions), bounded by the caller, for every exit while the
  lease is believed live.
- ``keep_in_sync(interval)``: ``reconcile()`` every ``interval`` seconds until cancelled.

A store whose folder or marker no longer matches what the kit wrote is distrusted: it is neither
pushed nor pulled again for the rest of the item. 401/403/412 mean the lease is lost: ``LeaseLost``
is raised at once and nothing more is written. Other API errors and local disk errors skip the
store for that pass. Lifecycle: one ``MemorySync`` per item, built by ``prepare_inputs`` and driven
by ``EnvironmentWorker``. Not responsible for Fail or Stop, or for the file tools' confinement.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

import anyio

from mango._client import AsyncMango
from mango._exceptions import APIStatusError, MangoError, NotFoundError
from mango._generated.models import Memory

from ._exceptions import LeaseLost
from ._lease import WorkLease
from ._memory_files import MountFolder, StoreMount, plan_mounts, sha256
from ._tool_runner import lease_error

__all__ = ["MIN_SYNC_INTERVAL", "MemorySync", "StoreMount", "plan_mounts"]

log = logging.getLogger(__name__)

T = TypeVar("T")

MIN_SYNC_INTERVAL = 5.0
_LIST_LIMIT = 64
_PRECONDITION_FAILED = "memory_precondition_failed_error"


@dataclass(frozen=True)
class _Entry:
    memory_id: str
    sha: str


@dataclass
class _Mirror:
    folder: MountFolder
    baseline: dict[str, _Entry] = field(default_factory=dict)
    missing_since: dict[str, int] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    distrusted: bool = False

    @property
    def store_id(self) -> str:
        return self.folder.mount.store_id


class MemorySync:
    """Keeps the attached stores of one item in sync; see the module docstring for the rules."""

    def __init__(
        self, client: AsyncMango, lease: WorkLease, mounts: Sequence[StoreMount], *, max_deletes_per_pass: int = 10
    ) -> None:
        self.client = client
        self.lease = lease
        self.mirrors = [_Mirror(MountFolder(mount)) for mount in mounts]
        self.max_deletes_per_pass = max_deletes_per_pass
        self.passes = 0
        self._lock = anyio.Lock()

    def read_only_roots(self) -> tuple[Path, ...]:
        return tuple(m.folder.directory for m in self.mirrors if m.folder.mount.read_only)

    def allowed_roots(self) -> tuple[Path, ...]:
        return tuple(m.folder.directory for m in self.mirrors if not m.folder.mount.read_only)

    async def _api(self, call: Callable[[], Awaitable[T]]) -> T:
        if self.lease.lost:
            raise LeaseLost(self.lease.lost_reason or "lease lost")
        try:
            return await call()
        except APIStatusError as exc:
            if lease_error(exc):
                raise self.lease.lose(f"memory sync refused with {exc.status_code}") from None
            raise

    # ------------------------------------------------------------ initial download
    async def download(self) -> None:
        """Mirror every attached store into its folder (retried as a whole by the caller)."""
        for mirror in self.mirrors:
            mirror.baseline.clear()
            mirror.folder.prepare()
            mirror.folder.write_marker({})
            store = mirror.store_id
            async for item in self.client.memory_stores.memories.list(store, view="full", limit=_LIST_LIMIT):
                if isinstance(item, Memory):
                    await self._store_locally(mirror, item)
            self._save_marker(mirror)
            log.info("memory store mirrored store_id=%s memories=%d", store, len(mirror.baseline))

    async def _store_locally(self, mirror: _Mirror, memory: Memory) -> None:
        if memory.content is None:
            memory = await self._api(lambda: self.client.memory_stores.memories.get(mirror.store_id, memory.id))
        if memory.content is not None and mirror.folder.write(memory.path, memory.content):
            mirror.baseline[memory.path] = _Entry(memory.id, memory.content_sha256)
            mirror.missing_since.pop(memory.path, None)
        else:
            log.warning("memory not mirrored store_id=%s path=%r", mirror.store_id, memory.path)

    def _save_marker(self, mirror: _Mirror) -> None:
        mirror.folder.write_marker({path: entry.sha for path, entry in mirror.baseline.items()})

    # ------------------------------------------------------------ passes
    async def keep_in_sync(self, interval: float) -> None:
        """Reconcile every ``interval`` seconds (at least ``MIN_SYNC_INTERVAL``) until cancelled."""
        while True:
            await anyio.sleep(max(interval, MIN_SYNC_INTERVAL))
            await self.reconcile()

    async def reconcile(self) -> None:
        """One full two-phase pass over every store; raises only ``LeaseLost``."""
        async with self._lock:
            self.passes += 1
            budget = [self.max_deletes_per_pass]
            for mirror in self.mirrors:
                await self._guarded(mirror, partial(self._pass, mirror, budget))

    async def flush(self, within: float) -> None:
        """Push local changes only (no pulls, no deletions), for at most ``within`` seconds."""
        with anyio.move_on_after(within):
            async with self._lock:
                for mirror in self.mirrors:
                    await self._guarded(mirror, partial(self._push_only, mirror))

    async def _guarded(self, mirror: _Mirror, step: Callable[[], Awaitable[None]]) -> None:
        if mirror.distrusted:
            return
        if not mirror.folder.trusted():
            mirror.distrusted = True
            log.warning("memory folder altered, sync disabled store_id=%s", mirror.store_id)
            return
        try:
            await step()
        except LeaseLost:
            raise
        except (MangoError, OSError) as exc:
            log.warning("memory sync pass failed store_id=%s error=%s", mirror.store_id, exc)
        try:
            self._save_marker(mirror)
        except OSError as exc:
            log.warning("memory marker not written store_id=%s error=%s", mirror.store_id, exc)

    async def _list_basic(self, mirror: _Mirror) -> dict[str, _Entry]:
        async def collect() -> dict[str, _Entry]:
            pager = self.client.memory_stores.memories.list(mirror.store_id, view="basic", limit=_LIST_LIMIT)
            return {m.path: _Entry(m.id, m.content_sha256) async for m in pager if isinstance(m, Memory)}

        return await self._api(collect)

    async def _pass(self, mirror: _Mirror, budget: list[int]) -> None:
        remote = await self._list_basic(mirror)
        local = await anyio.to_thread.run_sync(mirror.folder.scan)
        fetch: dict[str, str] = {}
        for path in sorted(set(local) | set(remote) | set(mirror.baseline)):
            await self._path(mirror, path, local.get(path), remote.get(path), fetch, budget)
        for path, memory_id in fetch.items():
            await self._pull(mirror, path, memory_id)

    async def _push_only(self, mirror: _Mirror) -> None:
        if mirror.folder.mount.read_only:
            return
        local = await anyio.to_thread.run_sync(mirror.folder.scan)
        for path, sha in sorted(local.items()):
            base = mirror.baseline.get(path)
            if base is None or base.sha != sha:
                await self._upload(mirror, path, base)

    async def _path(
        self,
        mirror: _Mirror,
        path: str,
        local: str | None,
        remote: _Entry | None,
        fetch: dict[str, str],
        budget: list[int],
    ) -> None:
        base = mirror.baseline.get(path)
        base_sha = base.sha if base else None
        remote_sha = remote.sha if remote else None
        if local is not None:
            mirror.missing_since.pop(path, None)
        local_changed, remote_changed = local != base_sha, remote_sha != base_sha
        if not local_changed and not remote_changed:
            return
        if local_changed and remote_changed and local == remote_sha:
            self._agree(mirror, path, remote)
        elif remote_changed:
            if local_changed:
                log.warning("memory edited on both sides, server wins store_id=%s path=%r", mirror.store_id, path)
            self._take(mirror, path, remote, fetch)
        elif mirror.folder.mount.read_only:
            return
        elif local is None and base is not None:
            await self._delete(mirror, path, base, budget)
        else:
            await self._upload(mirror, path, base)

    @staticmethod
    def _agree(mirror: _Mirror, path: str, remote: _Entry | None) -> None:
        if remote is None:
            mirror.baseline.pop(path, None)
        else:
            mirror.baseline[path] = remote

    def _take(self, mirror: _Mirror, path: str, remote: _Entry | None, fetch: dict[str, str]) -> None:
        if remote is not None:
            fetch[path] = remote.memory_id
            return
        mirror.folder.remove(path)
        mirror.baseline.pop(path, None)
        mirror.missing_since.pop(path, None)

    async def _pull(self, mirror: _Mirror, path: str, memory_id: str) -> None:
        try:
            memory = await self._api(lambda: self.client.memory_stores.memories.get(mirror.store_id, memory_id))
        except NotFoundError:
            self._take(mirror, path, None, {})
            return
        if memory.path != path:
            self._take(mirror, path, None, {})
        await self._store_locally(mirror, memory)

    # ------------------------------------------------------------ writes
    async def _upload(self, mirror: _Mirror, path: str, base: _Entry | None) -> None:
        data = mirror.folder.read(path)
        if data is None or mirror.refused.get(path) == sha256(data):
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            mirror.refused[path] = sha256(data)
            log.warning("memory file is not UTF-8, not uploaded store_id=%s path=%r", mirror.store_id, path)
            return
        memories = self.client.memory_stores.memories
        try:
            if base is None:
                memory = await self._api(lambda: memories.create(mirror.store_id, path=path, content=text))
            else:
                precondition = {"type": "content_sha256", "content_sha256": base.sha}
                memory = await self._api(
                    lambda: memories.update(mirror.store_id, base.memory_id, content=text, precondition=precondition)
                )
        except APIStatusError as exc:
            await self._upload_refused(mirror, path, base, data, exc)
            return
        mirror.baseline[path] = _Entry(memory.id, memory.content_sha256)
        log.info("memory uploaded store_id=%s path=%r", mirror.store_id, path)

    async def _upload_refused(
        self, mirror: _Mirror, path: str, base: _Entry | None, data: bytes, exc: APIStatusError
    ) -> None:
        if exc.status_code == 409 and base is None and exc.error_type != _PRECONDITION_FAILED:
            details = (exc.body or {}).get("error", {}).get("details") if isinstance(exc.body, dict) else None
            conflicting = details.get("conflicting_memory_id") if isinstance(details, dict) else None
            log.warning("memory created on both sides, server wins store_id=%s path=%r", mirror.store_id, path)
            if isinstance(conflicting, str):
                await self._pull(mirror, path, conflicting)
            return
        if exc.status_code in (404, 409) and base is not None:
            log.warning("memory changed on the server, server wins store_id=%s path=%r", mirror.store_id, path)
            await self._pull(mirror, path, base.memory_id)
            return
        if 400 <= exc.status_code < 500 and exc.status_code not in (408, 429):
            mirror.refused[path] = sha256(data)
        raise exc

    async def _delete(self, mirror: _Mirror, path: str, base: _Entry, budget: list[int]) -> None:
        first = mirror.missing_since.setdefault(path, self.passes)
        if first >= self.passes:
            log.info("memory file missing, waiting for a later pass store_id=%s path=%r", mirror.store_id, path)
            return
        if budget[0] <= 0:
            log.info("memory deletion deferred, per-pass cap reached store_id=%s path=%r", mirror.store_id, path)
            return
        budget[0] -= 1
        memories = self.client.memory_stores.memories
        try:
            await self._api(lambda: memories.delete(mirror.store_id, base.memory_id, expected_content_sha256=base.sha))
        except NotFoundError:
            pass
        except APIStatusError as exc:
            if exc.status_code != 409:
                raise
            log.warning("memory changed on the server, deletion dropped store_id=%s path=%r", mirror.store_id, path)
            mirror.missing_since.pop(path, None)
            await self._pull(mirror, path, base.memory_id)
            return
        mirror.baseline.pop(path, None)
        mirror.missing_since.pop(path, None)
        log.info("memory deleted store_id=%s path=%r", mirror.store_id, path)
