"""Environment Work rules: lease arithmetic, the heartbeat's concurrency token and the Poll secret.

Lifecycle: ``queued`` (optionally claimed by a Poll) -> ``starting`` (Ack) -> ``active`` (first
heartbeat) -> ``stopping`` (stop requested) -> ``stopped``. A lease runs ``lease_ttl_seconds`` from
the last heartbeat or Ack (or from the Stop request while ``stopping``). Pure: the functions read
any row with the lease fields (:class:`Lease`). Not responsible for storage (``store.work``) or
the transitions' order and locking (``app.work``).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, Protocol

from mango_server.domain._generated import wire
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError, PreconditionFailedError
from mango_server.domain.principal import Principal

NO_HEARTBEAT = "NO_HEARTBEAT"
#: A longer lease would widen a stale owner's access.
MAX_TTL_SECONDS = 300
STATES = ("queued", "starting", "active", "stopping", "stopped")
WorkState = Literal["queued", "starting", "active", "stopping", "stopped"]


class Lease(Protocol):
    """The fields of a Work row the lease rules read."""

    @property
    def state(self) -> str: ...
    @property
    def acknowledged_at(self) -> datetime | None: ...
    @property
    def latest_heartbeat_at(self) -> datetime | None: ...
    @property
    def stop_requested_at(self) -> datetime | None: ...
    @property
    def lease_ttl_seconds(self) -> int: ...


@dataclass(frozen=True)
class LeaseState:
    """What a 412 heartbeat reports as ``current_state``."""

    state: str
    ttl_seconds: int
    last_heartbeat: str


def encode_secret(token: str, api_base_url: str) -> str:
    """The Poll ``secret``: base64url JSON ``{sessions_token, api_base_url}``."""
    raw = json.dumps({"sessions_token": token, "api_base_url": api_base_url}, separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode()).decode()


def last_heartbeat(row: Lease) -> str:
    """The opaque optimistic-concurrency value a heartbeat must echo."""
    value = row.latest_heartbeat_at
    return value.isoformat() if value is not None else NO_HEARTBEAT


def lease_expires_at(row: Lease) -> datetime | None:
    """When the current owner's lease ends; ``None`` when no acknowledged owner holds one."""
    ttl = timedelta(seconds=row.lease_ttl_seconds)
    since: datetime | None = None
    if row.state in ("starting", "active") and row.acknowledged_at is not None:
        since = row.latest_heartbeat_at or row.acknowledged_at
    elif row.state == "stopping" and row.acknowledged_at is not None:
        since = row.stop_requested_at
    return since + ttl if since is not None else None


def remaining_seconds(row: Lease, now: datetime) -> int:
    """Whole seconds left on the lease at ``now`` (0 when none is held), capped at the maximum TTL."""
    expires = lease_expires_at(row)
    return max(0, min(MAX_TTL_SECONDS, int((expires - now).total_seconds()))) if expires else 0


def lease_state(row: Lease, now: datetime) -> LeaseState:
    """The lease as a heartbeat that lost the race sees it."""
    return LeaseState(row.state, remaining_seconds(row, now), last_heartbeat(row))


def clamp_ttl(ttl_seconds: int) -> int:
    """A requested lease TTL within 1 and :data:`MAX_TTL_SECONDS`."""
    return max(1, min(MAX_TTL_SECONDS, ttl_seconds))


class WorkItem(Lease, Protocol):
    """A Work row as the transition rules read it."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def claimed_at(self) -> datetime | None: ...
    @property
    def result(self) -> wire.HealthcheckResult | None: ...
    @property
    def session_id(self) -> str | None: ...


@dataclass(frozen=True)
class HeartbeatResult:
    """The answer to a heartbeat."""

    last_heartbeat: str
    lease_extended: bool
    state: str
    ttl_seconds: int


def needs_acknowledge(row: WorkItem) -> bool:
    """Whether an Ack changes the item: acknowledging a ``starting`` item again is a no-op."""
    if row.state == "starting":
        return False
    if row.state != "queued" or row.claimed_at is None:
        raise ConflictError(f"work {row.id} cannot be acknowledged in state {row.state} without a Poll claim")
    return True


def heartbeat_without_renewal(row: WorkItem, expected: str, now: datetime) -> HeartbeatResult | None:
    """The answer when a heartbeat must not renew the lease, or ``None`` when it renews it.

    412 with ``current_state`` when ``expected`` is stale (another owner holds the lease) or the
    lease was never acknowledged or has expired; a ``stopping``/``stopped`` item is not renewed.
    """
    if expected != last_heartbeat(row):
        raise PreconditionFailedError(
            "expected_last_heartbeat does not match: another owner holds this lease",
            details={"current_state": _state_details(row, now)},
        )
    if row.state in ("stopping", "stopped"):
        return HeartbeatResult(last_heartbeat(row), False, row.state, remaining_seconds(row, now))
    expires = lease_expires_at(row)
    if expires is None or expires <= now:
        reason = "has not been acknowledged" if expires is None else "has expired"
        raise PreconditionFailedError(
            f"the lease of work {row.id} {reason}", details={"current_state": _state_details(row, now)}
        )
    return None


def _state_details(row: Lease, now: datetime) -> dict[str, object]:
    state = lease_state(row, now)
    return {"state": state.state, "ttl_seconds": state.ttl_seconds, "last_heartbeat": state.last_heartbeat}


def stops_at_once(row: WorkItem, *, force: bool) -> bool:
    """Whether a Stop ends the item now (forced, or nobody acknowledged it) rather than asking its owner."""
    if row.state == "stopped":
        raise ConflictError(f"work {row.id} is already stopped")
    return force or row.acknowledged_at is None


def check_secrets_lease(row: WorkItem, now: datetime) -> str:
    """The Session whose secrets a worker may read for ``row``: a Session item under an unexpired lease.

    The lease fences the read: once the item is stopping, stopped or reclaimed (its lease expired),
    the worker that held it gets a 409 and must not learn secrets a later owner will use.
    """
    if row.kind != "session" or row.session_id is None:
        raise ConflictError(f"work {row.id} is not a Session item; only Session items have secrets")
    if row.acknowledged_at is None or row.state not in ("starting", "active"):
        raise ConflictError(f"work {row.id} is {row.state}; secrets are read under a live lease only")
    if remaining_seconds(row, now) <= 0:
        raise ConflictError(f"the lease of work {row.id} expired; secrets are read under a live lease only")
    return row.session_id


def healthcheck_result(row: WorkItem, params: Mapping[str, object], now: datetime) -> dict[str, object]:
    """The result a healthcheck report records; a result is recorded once, on healthcheck items only."""
    if row.kind != "healthcheck":
        raise InvalidRequestError(f"work {row.id} is not a healthcheck item")
    if row.result is not None:
        raise ConflictError(f"work {row.id} already has a healthcheck result; results are immutable")
    return {
        "status": params["status"],
        "message": params.get("message"),
        "worker_id": params.get("worker_id"),
        "worker_version": params.get("worker_version"),
        "reported_at": now.isoformat().replace("+00:00", "Z"),
    }


def environment_in_scope(principal: Principal, environment_id: str) -> str:
    """The path's Environment, checked against a narrower credential's scope (another one is not found)."""
    if principal.kind != "WorkspaceKey" and principal.environment_id != environment_id:
        raise NotFoundError(f"environment {environment_id} not found")
    return environment_id


def work_in_scope(principal: Principal, work_id: str) -> str:
    """A session token reaches only its own Work item (another one is not found)."""
    if principal.kind == "SessionToken" and principal.work_id != work_id:
        raise NotFoundError(f"work {work_id} not found")
    return work_id
