"""The poke: the body of a Session's "rows committed" message (``live.notifier.committed_subject``).

The one module that knows its format, used by the writer and by its readers: a writer collects
what its transaction appends in :class:`Appended` (``app.ledger``) and, once the transaction has
committed, sends :meth:`Appended.news`; the api's fan-out reads a poke's head and rows with
:func:`read` (``live.fanout``); a stream turns the rows it takes into ledger rows with
:func:`rows` (``app.events``); a step hold reads the head alone with :func:`head`
(``orchestration.holds``).

A poke is ``{"head":N,"rows":[row,...]}``: the Session's last committed sequence and the rows the
transaction committed, each with the fields of a ledger row (:class:`LedgerRow`, timestamps in
ISO 8601). Above :data:`MAX_BYTES` only ``{"head":N}`` is sent (the head alone tells a reader that
is already past it not to read); a bare poke (:data:`BARE`) announces no head: read to find out.
A poke is best effort: readers never depend on one arriving.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, TypedDict, TypeVar

#: Above this size a poke announces only its head, and its readers read the rows from PostgreSQL.
MAX_BYTES = 64 * 1024
#: The body of a poke that announces no head: "something committed, read to find out".
BARE = b"1"
#: The head of a poke that does not know the Session's last sequence: always read.
UNKNOWN_HEAD = sys.maxsize
_HEAD = re.compile(rb'\{"head":(\d+)[,}]')  # how ``Appended.news`` begins

RowT = TypeVar("RowT")


class LedgerRow(Protocol):
    """The fields of a committed ledger row a poke carries (``store.events.EventRow`` has them)."""

    @property
    def seq(self) -> int: ...
    @property
    def id(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def payload(self) -> Mapping[str, object]: ...
    @property
    def trigger_id(self) -> str | None: ...
    @property
    def processed_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def session_thread_id(self) -> str: ...


class CarriedRow(TypedDict):
    """A ledger row as a poke carries it (JSON): the fields of :class:`LedgerRow`, timestamps in ISO 8601."""

    seq: int
    id: str
    type: str
    payload: Mapping[str, object]
    trigger_id: str | None
    processed_at: str | None
    created_at: str
    session_thread_id: str


class Appended:
    """The rows one transaction appended, by the execution row they belong to, for its pokes.

    Only the rows of that transaction count: an append on another connection is another
    transaction, which may roll back on its own. Send :meth:`news` only once the transaction has
    committed: the rows are live only then.
    """

    def __init__(self) -> None:
        self._encoded: dict[str, list[str]] = {}
        self._heads: dict[str, int] = {}

    def add(self, session_id: str, rows: Sequence[LedgerRow]) -> None:
        if not rows:
            return
        # Encoded now, as written: a payload dict the caller changes later is not what was committed.
        self._encoded.setdefault(session_id, []).extend(json.dumps(_fields(row)) for row in rows)
        self._heads[session_id] = rows[-1].seq

    def head(self, session_id: str) -> int | None:
        """The last sequence this transaction appended to ``session_id`` (None: it appended nothing)."""
        return self._heads.get(session_id)

    def news(self, session_id: str) -> bytes | None:
        """The poke for ``session_id`` once the transaction committed: its last sequence and its rows.

        None when this transaction appended nothing to it. Rows too large for one message are left
        out (the head alone tells a reader that is already past it not to read).
        """
        head = self._heads.get(session_id)
        if head is None:
            return None
        news = f'{{"head":{head},"rows":[{",".join(self._encoded[session_id])}]}}'.encode()
        return news if len(news) <= MAX_BYTES else f'{{"head":{head}}}'.encode()


@dataclass(frozen=True, slots=True)
class Poke:
    """A poke as read: the head it announces and the rows it carried, by sequence (none when it carried none)."""

    head: int
    rows: dict[int, CarriedRow]


def head(data: bytes) -> int:
    """The head a poke announces, its rows left unread (a step hold's listener: ``orchestration.holds``);
    :data:`UNKNOWN_HEAD` for a bare or unreadable poke."""
    match = _HEAD.match(data)
    return int(match[1]) if match else UNKNOWN_HEAD


def read(data: bytes) -> Poke:
    """A poke's head and rows; a bare or unreadable poke announces no head (:data:`UNKNOWN_HEAD`)."""
    if not data.startswith(b"{"):
        return Poke(UNKNOWN_HEAD, {})
    try:
        news = json.loads(data)
        return Poke(int(news["head"]), {int(row["seq"]): row for row in news.get("rows") or []})
    except (ValueError, KeyError, TypeError):
        return Poke(UNKNOWN_HEAD, {})


def rows(carried: Sequence[CarriedRow], make: Callable[..., RowT]) -> list[RowT]:
    """The ledger rows a poke carried, each built by ``make`` from a ledger row's fields (``EventRow``)."""
    return [
        make(
            seq=r["seq"],
            id=r["id"],
            type=r["type"],
            payload=r["payload"],
            trigger_id=r["trigger_id"],
            processed_at=datetime.fromisoformat(r["processed_at"]) if r["processed_at"] else None,
            created_at=datetime.fromisoformat(r["created_at"]),
            session_thread_id=r["session_thread_id"],
        )
        for r in carried
    ]


def _fields(row: LedgerRow) -> CarriedRow:
    return {
        "seq": row.seq,
        "id": row.id,
        "type": row.type,
        "payload": row.payload,
        "trigger_id": row.trigger_id,
        "processed_at": row.processed_at.isoformat() if row.processed_at else None,
        "created_at": row.created_at.isoformat(),
        "session_thread_id": row.session_thread_id,
    }
