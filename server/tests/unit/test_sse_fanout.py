"""The SSE fan-out: one reconciliation read for every followed Session, wakeups routed by Session."""

from __future__ import annotations

from typing import Any, cast

from mango_server.live.fanout import SessionFanout


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
    assert all(f.drain() == [None] for f in followers)  # first sight: every follower reads once
    heads["sesn_b"] = 8
    await fanout.reconcile()
    assert [len(f.drain()) for f in followers[:50]] == [0] * 50
    assert [len(f.drain()) for f in followers[50:100]] == [1] * 50
    assert [len(f.drain()) for f in followers[100:]] == [0] * 50  # a gone Session is announced once


async def test_wakeups_coalesce_and_shutdown_ends_every_follower() -> None:
    async def read(ids: list[str]) -> dict[str, int]:
        return {}

    fanout = SessionFanout(cast(Any, None), read)
    follower = fanout.follow("sesn_a", with_deltas=False)
    for _ in range(10):
        follower.news()
    assert follower.drain() == [None]
    follower.preview({"type": "event_delta"})  # not asked for: dropped
    assert follower.drain() == []
    fanout.end_all()
    assert follower.ended
    assert await follower.next(0.1) is None
    fanout.unfollow(follower)
    assert fanout.followed == 0
