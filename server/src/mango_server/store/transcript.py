"""The lossless provider transcript (``provider_transcript``): the exact blocks sent to and received
from the model provider, each row tied to the trigger event whose turn produced it.

A model's answer is written together with the completion of the request row it answers and, when
it ends the turn, the turn's close (``append_answer``), in one round trip; a round's rows are read
together with the context heads it starts from (``round_start``: the newest compaction and usage
anchor). Rows are only ever appended (a Session's deletion removes them all), so a process keeps the
rows of a Session's processed turns between its rounds (:class:`TranscriptCache`) and ``round_start``
reads only the rows after them, checked against the Session's row count in the same statement. Not
responsible for building a model request from the rows (``app.turn.request``); public events are
never used to rebuild context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal

from mango_server.domain.compaction import Entry
from mango_server.domain.json import JsonObject
from mango_server.domain.sized_lru import SizedLru
from mango_server.store.context import CompactionRow, PreviousRecipe, RequestCompletion, UsageAnchorRecord
from mango_server.store.db import Connection, from_record
from mango_server.store.sql_loader import NamedQueries

Role = Literal["user", "assistant"]


class Q(NamedQueries, file="transcript"):
    transcript_for_context: str
    append_transcript: str
    append_answer: str
    transcript_for_projection: str
    round_start: str


def _entry(trigger_id: str, position: int, role: str, blocks: list[JsonObject]) -> Entry:
    """A row as the request reads it, keyed ``<trigger_id>:<position>``; built once per read, so the rows a
    ``TranscriptCache`` keeps are not converted again by every round that uses them."""
    return Entry(f"{trigger_id}:{position}", role, blocks)


async def append(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    trigger_id: str,
    role: Role,
    blocks: Sequence[Mapping[str, object]],
) -> None:
    """Write one message after the turn's last one."""
    await conn.execute(Q.append_transcript, workspace_id, session_id, trigger_id, role, blocks)


async def append_answer(
    conn: Connection,
    workspace_id: str,
    session_id: str,
    trigger_id: str,
    blocks: Sequence[Mapping[str, object]],
    completion: RequestCompletion,
    *,
    ends_turn: bool,
) -> list[str]:
    """Write the model's answer after the turn's last message and complete the request it answers.

    When the answer ``ends_turn``, the turn is closed in the same statement (done, its trigger
    processed, the queue left as it is); returns the inputs still queued for a next turn then, else [].
    """
    c = completion
    args = (c.usage, c.provider_request_id, c.anchor, c.request_id, ends_turn, datetime.now(UTC))
    records = await conn.fetch(Q.append_answer, workspace_id, session_id, trigger_id, blocks, *args)
    return [str(r["id"]) for r in records]


@dataclass(frozen=True, slots=True)
class CachedRows:
    """A Session's transcript up to ledger seq ``seq``, as a process keeps it between rounds: every row whose
    trigger's seq is at most ``seq``, in ``for_context`` order, each trigger processed when they were read."""

    seq: int
    rows: tuple[Entry, ...]
    size: int  # the bytes of the rows' blocks as JSON text


class TranscriptCache(SizedLru[CachedRows]):
    """The transcripts of the Sessions this process ran rounds of lately, least recently used first out once
    their blocks pass ``max_bytes``.

    Process-local, like ``domain.tokens.PrefixCache``: another orchestrator, or this one after a restart,
    reads a Session's whole transcript once. What is found is checked by ``round_start`` against the
    Session's row count before a round uses it.
    """

    def __init__(self, max_bytes: int = 64 << 20) -> None:
        super().__init__(max_bytes)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What admitting a round starts from (``round_start``)."""

    compaction: CompactionRow | None
    anchor: UsageAnchorRecord | None
    # ``for_context``'s rows, read in the same round trip when there is no compaction; None when
    # there is one (its projection decides which rows the round reads).
    rows: list[Entry] | None
    # The model endpoint the Session pinned (its first request's recorded ``endpoint``); None before any.
    endpoint: object = None
    # The Session's newest recipe, as the next one is stored against it; None before any.
    previous: PreviousRecipe | None = None
    # What a ``TranscriptCache`` may keep of ``rows`` once the transaction that read them commits (a
    # trigger processed in it would otherwise stay cached if it rolled back); None: nothing new.
    cacheable: CachedRows | None = None


async def round_start(
    conn: Connection, session_id: str, trigger_id: str, cached: CachedRows | None = None
) -> RoundStart:
    """The Session's newest compaction, the usage anchor of its newest answered request, the endpoint its
    first request pinned and, when it has no compaction, what ``for_context`` reads for the turn of
    ``trigger_id``, in one round trip.

    With ``cached`` (this Session's rows up to a seq, from a ``TranscriptCache``), only the rows after it
    are read; they extend it when the Session's row count adds up (rows are only appended, so the count
    of the rows at or below the seq tells whether the cached ones are all of them), else everything is
    read again.
    """
    record = await conn.fetchrow(Q.round_start, session_id, trigger_id, cached.seq if cached else 0)
    assert record is not None  # the LEFT JOINs answer one row
    compaction = from_record(CompactionRow, record) if record["id"] is not None else None
    anchor: UsageAnchorRecord | None = record["anchor"]
    start = RoundStart(compaction, anchor, None, record["endpoint"], record["previous"])
    tail: list[dict[str, Any]] | None = record["transcript"]
    if tail is None:
        return start
    left_out: int = record["transcript_left_out"]
    if cached is not None and record["transcript_total"] != len(cached.rows) + len(tail) + left_out:
        return await round_start(conn, session_id, trigger_id)  # the cache no longer describes the rows up to its seq
    read = [_entry(r["trigger_id"], r["position"], r["role"], r["blocks"]) for r in tail]
    rows = [*cached.rows, *read] if cached else read
    return replace(start, rows=rows, cacheable=_cacheable(cached, tail, read, left_out))


def _cacheable(
    cached: CachedRows | None, tail: list[dict[str, Any]], read: list[Entry], left_out: int
) -> CachedRows | None:
    """The cache entry after a read: the cached rows plus the rows read of the leading processed triggers.

    None when the rows read start with the current turn's, or when some rows after the cache were left out
    (their seq is not read, so no new seq could vouch for every row at or below it).
    """
    processed = next((i for i, row in enumerate(tail) if not row["processed"]), len(tail))
    if not processed or left_out:
        return None
    base = cached or CachedRows(0, (), 0)
    size = sum(int(row["size"]) for row in tail[:processed])
    return CachedRows(int(tail[processed - 1]["seq"]), (*base.rows, *read[:processed]), base.size + size)


async def for_context(conn: Connection, session_id: str, trigger_id: str) -> list[Entry]:
    """Every message of processed turns plus the current one, in ledger then position order."""
    records = await conn.fetch(Q.transcript_for_context, session_id, trigger_id)
    return [_entry(r["trigger_id"], r["position"], r["role"], r["blocks"]) for r in records]


async def for_projection(
    conn: Connection, session_id: str, trigger_id: str, keys: list[tuple[str, int]], horizon: tuple[str, int]
) -> list[Entry]:
    """The rows ``for_context`` would return, restricted to ``keys`` and to the horizon row and every row after it.

    A compacted Session reads only what its newest projection sends, not its whole history.
    """
    triggers = [k[0] for k in keys]
    positions = [k[1] for k in keys]
    records = await conn.fetch(
        Q.transcript_for_projection, session_id, trigger_id, triggers, positions, horizon[0], horizon[1]
    )
    return [_entry(r["trigger_id"], r["position"], r["role"], r["blocks"]) for r in records]
