"""The SSE fan-out: one reconciliation read for every followed Session, wakeups routed by Session."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

from mango_server.live import pokes
from mango_server.live.fanout import UNKNOWN_HEAD, SessionFanout
from mango_server.store.events import EventRow


async def test_one_read_for_all_followers_and_news_only_where_the_head_moved() -> None:
    reads: list[list[str]] = []
    heads = {"sesn_a": 5, "sesn_b": 7}

    async def read(ids: list[str]) -> dict[str, int]:
        reads.append(sorted(ids))
        return {i: heads[i] for i in ids if i in heads}

    fanout = SessionFanout(cast(Any, None), read)
    followers = [fanout.follow(sid, with_deltas=False) for sid in ("sesn_a", "sesn_b", "sesn_gone") for _ in range(50)]
    await fanout.reconcile()
    assert reads == [["sesn_a", "sesn_b", "sesn_gone"]]  # one query however many streams
    # First sight: every follower is woken with the last sequence seen; a gone Session's with none.
    assert [f.drain() for f in followers] == [[4]] * 50 + [[6]] * 50 + [[UNKNOWN_HEAD]] * 50
    heads["sesn_b"] = 8
    await fanout.reconcile()
    assert [len(f.drain()) for f in followers[:50]] == [0] * 50
    assert [f.drain() for f in followers[50:100]] == [[7]] * 50
    assert [len(f.drain()) for f in followers[100:]] == [0] * 50  # a gone Session is announced once


async def test_wakeups_coalesce_and_shutdown_ends_every_follower() -> None:
    async def read(ids: list[str]) -> dict[str, int]:
        return {}

    fanout = SessionFanout(cast(Any, None), read)
    follower = fanout.follow("sesn_a", with_deltas=False)
    for head in (3, 9, 5):
        follower.news(head)
    assert follower.drain() == [9]  # one wakeup, announcing the highest head
    follower.news(2)
    follower.news()  # a poke that does not know the head
    assert follower.drain() == [UNKNOWN_HEAD]
    follower.preview({"type": "event_delta"})  # not asked for: dropped
    assert follower.drain() == []
    fanout.end_all()
    assert follower.ended
    assert await follower.next(0.1) == UNKNOWN_HEAD  # wakes the stream at once
    fanout.unfollow(follower)
    assert fanout.followed == 0


async def test_one_lease_read_for_every_session_token_stream() -> None:
    lease_reads: list[list[bytes]] = []
    live = {b"live"}

    async def read_heads(ids: list[str]) -> dict[str, int]:
        return dict.fromkeys(ids, 1)

    async def read_leases(digests: list[bytes]) -> set[bytes]:
        lease_reads.append(digests)
        return live & set(digests)

    fanout = SessionFanout(cast(Any, None), read_heads, read_leases)
    keeps = [fanout.follow("sesn_a", with_deltas=False, lease=b"live") for _ in range(20)]
    loses = [fanout.follow("sesn_b", with_deltas=False, lease=b"gone") for _ in range(20)]
    api_key_stream = fanout.follow("sesn_b", with_deltas=False)
    await fanout.reconcile()
    assert lease_reads == [[b"gone", b"live"]]  # one query for 40 streams
    assert not any(f.lease_lost for f in keeps)
    assert all(f.lease_lost for f in loses)
    assert not api_key_stream.lease_lost


def _committed(seq: int, kind: str = "agent.message") -> EventRow:
    at = datetime(2026, 12, 2, 12, 0, seq, 123456, tzinfo=UTC)
    return EventRow(seq, f"sevt_{seq}", kind, {"content": [{"type": "text", "text": "é"}]}, None, at, at, "sthr_a")


class _Msg:
    def __init__(self, subject: str, data: bytes) -> None:
        self.subject, self.data = subject, data


async def _poke(fanout: SessionFanout, session_id: str, data: bytes) -> None:
    await fanout._on_commit(cast(Any, _Msg(f"mango.session.{session_id}", data)))


async def test_a_poke_hands_its_committed_rows_to_the_streams_it_continues() -> None:
    async def read(ids: list[str]) -> dict[str, int]:
        return {}

    fanout = SessionFanout(cast(Any, None), read)
    follower = fanout.follow("sesn_a", with_deltas=False)
    appended = pokes.Appended()
    appended.add("sesn_a", [_committed(5), _committed(6)])
    assert appended.news("sesn_b") is None  # nothing appended to that Session
    news = appended.news("sesn_a")
    assert news is not None
    await _poke(fanout, "sesn_a", news)
    assert follower.drain() == [6]  # the poke announces its head
    kept = follower.rows_after(4, 6)
    assert kept is not None
    assert pokes.rows(kept, EventRow) == [_committed(5), _committed(6)]  # exactly the rows written
    assert follower.rows_after(4, 6) is None  # taken once


async def test_kept_rows_never_skip_a_sequence_number() -> None:
    async def read(ids: list[str]) -> dict[str, int]:
        return {}

    fanout = SessionFanout(cast(Any, None), read)
    follower = fanout.follow("sesn_a", with_deltas=False)
    for seqs in ([3, 4], [6, 7]):  # 5 is another Thread's row, or a lost poke's
        appended = pokes.Appended()
        appended.add("sesn_a", [_committed(seq) for seq in seqs])
        await _poke(fanout, "sesn_a", appended.news("sesn_a") or b"")
    assert follower.rows_after(4, 7) is None  # the gap at 5: the stream must read
    assert follower.rows_after(2, 7) is None  # reaches only 4, short of the head
    kept = follower.rows_after(5, 7)  # a read brought the stream to 5: the rest continue it
    assert [row["seq"] for row in kept or []] == [6, 7]
    await _poke(fanout, "sesn_a", b"1")  # a bare poke: no head, no rows
    assert follower.drain() == [UNKNOWN_HEAD]
    assert follower.rows_after(7, UNKNOWN_HEAD) is None


def test_oversized_news_announces_only_the_head() -> None:
    appended = pokes.Appended()
    row = _committed(9)
    appended.add("sesn_a", [replace(row, payload={"text": "x" * pokes.MAX_BYTES})])
    assert appended.news("sesn_a") == b'{"head":9}'


def test_a_pokes_head_is_read_without_its_rows() -> None:
    appended = pokes.Appended()
    appended.add("sesn_a", [_committed(5), _committed(6)])
    news = appended.news("sesn_a")
    assert news is not None
    assert pokes.head(news) == 6 == pokes.read(news).head
    assert pokes.head(b'{"head":9}') == 9
    assert pokes.head(pokes.BARE) == pokes.head(b"{garbled") == UNKNOWN_HEAD
