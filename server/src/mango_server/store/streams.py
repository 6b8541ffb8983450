"""Stream slots shared by every api process: one advisory lock per open event stream of a credential.

Not responsible for which connection holds the locks or for the in-process bookkeeping
(``app.streams``).
"""

from __future__ import annotations

from mango_server.store.db import Connection
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="streams"):
    take_stream_slot: str
    give_back_stream_slot: str


async def take_slot(conn: Connection, key_id: str, limit: int, held: list[int]) -> int | None:
    """Lock a free slot ``0 <= slot < limit`` of ``key_id`` not in ``held``; None when all are taken."""
    slot = await conn.fetchval(Q.take_stream_slot, key_id, limit, held)
    return None if slot is None else int(slot)


async def give_back_slot(conn: Connection, key_id: str, slot: int) -> bool:
    """Unlock a slot this session holds; False when it held none (its connection was replaced)."""
    return bool(await conn.fetchval(Q.give_back_stream_slot, key_id, slot))
