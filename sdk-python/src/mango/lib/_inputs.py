"""Preparing a Work item's Session inputs before any tool runs: the Session snapshot, Skills, Memory Stores.

``prepare_inputs()`` runs once per item, after the first heartbeat succeeded and while the lease
keeps renewing, and before the tools factory is called:

1. ``sessions.get`` once with the session token (the frozen Agent snapshot and attachments);
2. the pinned Skills are downloaded, verified and published under ``<workdir>/skills``
   (``_skills``);
3. each attached Memory Store is downloaded into its mount folder (``_memory``).

Every step goes through ``with_retries``, which sorts failures once: 401/403/412 mean the lease is
lost (``LeaseLost``); other 4xx answers and validation problems are permanent (``InputFailed``,
the worker Fails the item); network errors, 408/429/5xx and local disk errors are retried a few
times and then become ``InputUnavailable`` (the worker ends the item without Stop, so it is
reclaimed). Lifecycle: one ``PreparedInputs`` per item, cleaned by the worker at the end. Not
responsible for Fail or Stop (the worker) or for periodic Memory sync (``MemorySync``).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import anyio

from mango._client import AsyncMango
from mango._exceptions import APIStatusError, MangoError
from mango._generated.models import Session
from mango._retry import RetryPolicy

from ._exceptions import InputFailed, InputUnavailable, LeaseLost
from ._lease import WorkLease
from ._memory import MemorySync, plan_mounts
from ._skills import PublishedSkills, SkillLimits, materialise_skills
from ._tool_runner import lease_error

__all__ = ["InputOptions", "PreparedInputs", "prepare_inputs", "with_retries"]

log = logging.getLogger(__name__)

T = TypeVar("T")

_TRANSIENT_STATUSES = frozenset({408, 429})


@dataclass(frozen=True)
class InputOptions:
    """What to prepare: Skills on/off, Memory (``None`` interval disables it), where stores live."""

    skills: bool = True
    memory_sync_interval: float | None = 15.0
    memory_root: Path | None = None
    memory_max_deletes_per_pass: int = 10
    attempts: int = 3
    skill_limits: SkillLimits = field(default_factory=SkillLimits)


@dataclass
class PreparedInputs:
    """The prepared inputs of one item; ``cleanup()`` removes what the kit staged."""

    session: Session
    skills: PublishedSkills | None = None
    memory: MemorySync | None = None
    sync_scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)

    def read_only_roots(self) -> tuple[Path, ...]:
        """Folders the file tools may read but not write: published Skills and read-only stores."""
        skills = (self.skills.root,) if self.skills is not None and self.skills.root is not None else ()
        return skills + (self.memory.read_only_roots() if self.memory is not None else ())

    def allowed_roots(self) -> tuple[Path, ...]:
        """Folders outside the workdir the file tools may write: read-write store mounts."""
        return self.memory.allowed_roots() if self.memory is not None else ()

    def cleanup(self) -> None:
        if self.skills is not None:
            self.skills.cleanup()

    async def keep_memory_in_sync(self, interval: float, on_lease_lost: Callable[[], None]) -> None:
        """Periodic Memory sync until ``final_sync()`` (or cancellation); a lease loss calls ``on_lease_lost``."""
        if self.memory is None:
            return
        with self.sync_scope:
            try:
                await self.memory.keep_in_sync(interval)
            except LeaseLost:
                on_lease_lost()

    async def final_sync(self) -> None:
        """End the periodic sync, then one last full pass (raises ``LeaseLost`` only)."""
        self.sync_scope.cancel()
        if self.memory is not None:
            await self.memory.reconcile()

    async def flush(self, lease: WorkLease, within: float) -> None:
        """The bounded push-only Memory flush of every exit, only while the lease is believed live."""
        if self.memory is None or lease.lost:
            return
        with anyio.CancelScope(shield=True), contextlib.suppress(LeaseLost):
            await self.memory.flush(within)


def translate(exc: BaseException, lease: WorkLease, what: str) -> BaseException:
    """Sort a preparation failure into ``LeaseLost``, ``InputFailed`` or ``InputUnavailable``."""
    if isinstance(exc, (LeaseLost, InputFailed, InputUnavailable)):
        return exc
    if lease_error(exc):
        return lease.lose(f"{what} refused with {getattr(exc, 'status_code', '?')}")
    if isinstance(exc, APIStatusError):
        if exc.status_code >= 500 or exc.status_code in _TRANSIENT_STATUSES:
            return InputUnavailable(f"{what}: {exc.status_code} {exc.error_type or 'error'}")
        return InputFailed(f"{what}: {exc.status_code} {exc.error_type or 'error'}")
    if isinstance(exc, (MangoError, OSError)):
        return InputUnavailable(f"{what}: {type(exc).__name__}: {exc}")
    return exc


async def with_retries(
    step: Callable[[], Awaitable[T]], *, what: str, lease: WorkLease, backoff: RetryPolicy, attempts: int
) -> T:
    """Run ``step``; transient failures are retried up to ``attempts`` times, then ``InputUnavailable``."""
    failures = 0
    while True:
        try:
            return await step()
        except Exception as exc:
            error = translate(exc, lease, what)
            failures += 1
            if not isinstance(error, InputUnavailable) or failures >= attempts:
                if error is exc:
                    raise
                raise error from exc
            delay = backoff.delay(failures - 1)
            log.warning("input not ready what=%s attempt=%d retry_in=%.1fs error=%s", what, failures, delay, error)
            await anyio.sleep(delay)


async def prepare_inputs(
    client: AsyncMango,
    lease: WorkLease,
    *,
    session_id: str,
    workdir: str | os.PathLike[str],
    options: InputOptions,
    backoff: RetryPolicy,
) -> PreparedInputs:
    """Fetch the Session once, then materialise its Skills and Memory Stores (see the module docstring)."""

    async def retried(step: Callable[[], Awaitable[T]], what: str) -> T:
        return await with_retries(step, what=what, lease=lease, backoff=backoff, attempts=options.attempts)

    session = await retried(lambda: client.sessions.get(session_id), "session")
    prepared = PreparedInputs(session)
    try:
        if options.skills:
            prepared.skills = await materialise_skills(
                client, session, workdir, fetch=retried, limits=options.skill_limits
            )
        if options.memory_sync_interval is not None and session.resources:
            mounts = plan_mounts(session.resources, options.memory_root)
            memory = MemorySync(client, lease, mounts, max_deletes_per_pass=options.memory_max_deletes_per_pass)
            await retried(memory.download, "memory stores")
            prepared.memory = memory
    except BaseException:
        prepared.cleanup()
        raise
    return prepared
