"""What the database holds, by table family, for the storage gauges (``orchestration.sampler``).

Sizes are ``pg_total_relation_size`` (heap, indexes and TOAST); row counts are the planner's estimates
(``pg_class.reltuples``, kept by autovacuum), so a sample never scans a table. Not responsible for
retention (nothing is deleted here).
"""

from __future__ import annotations

from dataclasses import dataclass

from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="storage"):
    table_sizes: str


#: The tables of each family the gauges report.
FAMILIES: dict[str, tuple[str, ...]] = {
    "events": ("session_events", "session_outbox", "webhook_deliveries"),
    "transcript": ("provider_transcript", "context_compactions", "tool_calls"),
    "model_requests": ("model_requests", "recipe_parts", "provider_calls"),
    "sessions": ("sessions", "session_threads", "session_turns", "session_actions", "session_outcomes"),
    "deployment_runs": ("deployment_runs",),
    "files": ("files", "message_file_snapshots"),
    "memory": ("memory_stores", "memories", "memory_versions"),
    "work": ("work", "work_pollers", "idempotency_keys"),
}


@dataclass(frozen=True, slots=True)
class FamilySize:
    """One family's bytes on disk and estimated rows."""

    bytes: int
    rows: int


async def family_sizes(conn: Connection) -> dict[str, FamilySize]:
    """Every family's size (a table that does not exist counts zero)."""
    tables = [t for family in FAMILIES.values() for t in family]
    found = {r["name"]: (int(r["bytes"]), int(r["rows"])) for r in await conn.fetch(Q.table_sizes, tables)}
    return {family: by_family(names, found) for family, names in FAMILIES.items()}


def by_family(names: tuple[str, ...], found: dict[str, tuple[int, int]]) -> FamilySize:
    """The sum over ``names`` of the sizes ``found`` (bytes, rows) by table."""
    return FamilySize(sum(found.get(n, (0, 0))[0] for n in names), sum(found.get(n, (0, 0))[1] for n in names))
