"""The lossless provider transcript (``provider_transcript``): the exact blocks sent to and received
from the model provider, each row tied to the trigger event whose turn produced it.

A model's answer is written together with the completion of the request row it answers and, when
it ends the turn, the turn's close (``append_answer``), in one round trip; a round's rows are read
together with the context heads it starts from (``round_start``: the newest compaction and usage
anchor). Not responsible for building a model request from the rows (``app.turn.request``); public
events are never used to rebuild context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from mango_server.domain.json import JsonObject
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


@dataclass(frozen=True, slots=True)
class TranscriptRow:
    """One provider message of a turn."""

    trigger_id: str
    position: int
    role: str
    blocks: list[JsonObject]


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
class RoundStart:
    """What admitting a round starts from (``round_start``)."""

    compaction: CompactionRow | None
    anchor: UsageAnchorRecord | None
    # ``for_context``'s rows, read in the same round trip when there is no compaction; None when
    # there is one (its projection decides which rows the round reads).
    rows: list[TranscriptRow] | None
    # The model endpoint the Session pinned (its first request's recorded ``endpoint``); None before any.
    endpoint: object = None
    # The Session's newest recipe, as the next one is stored against it; None before any.
    previous: PreviousRecipe | None = None


async def round_start(conn: Connection, session_id: str, trigger_id: str) -> RoundStart:
    """The Session's newest compaction, the usage anchor of its newest answered request, the endpoint its
    first request pinned and, when it has no compaction, what ``for_context`` reads for the turn of
    ``trigger_id``, in one round trip."""
    record = await conn.fetchrow(Q.round_start, session_id, trigger_id)
    assert record is not None  # the LEFT JOIN answers one row
    compaction = from_record(CompactionRow, record) if record["id"] is not None else None
    anchor: UsageAnchorRecord | None = record["anchor"]
    rows = record["transcript"]
    rows_read = None if rows is None else [TranscriptRow(**row) for row in rows]
    return RoundStart(compaction, anchor, rows_read, record["endpoint"], record["previous"])


async def for_context(conn: Connection, session_id: str, trigger_id: str) -> list[TranscriptRow]:
    """Every message of processed turns plus the current one, in ledger then position order."""
    return [from_record(TranscriptRow, r) for r in await conn.fetch(Q.transcript_for_context, session_id, trigger_id)]


async def for_projection(
    conn: Connection, session_id: str, trigger_id: str, keys: list[tuple[str, int]], horizon: tuple[str, int]
) -> list[TranscriptRow]:
    """The rows ``for_context`` would return, restricted to ``keys`` and to the horizon row and every row after it.

    A compacted Session reads only what its newest projection sends, not its whole history.
    """
    triggers = [k[0] for k in keys]
    positions = [k[1] for k in keys]
    records = await conn.fetch(
        Q.transcript_for_projection, session_id, trigger_id, triggers, positions, horizon[0], horizon[1]
    )
    return [from_record(TranscriptRow, r) for r in records]
