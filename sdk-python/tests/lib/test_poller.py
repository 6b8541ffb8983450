"""WorkPoller against the local Mango emulation: Ack before yield, drain, secrets, retries, fatal errors."""

from __future__ import annotations

import pytest
from mango import AuthenticationError, NotFoundError
from mango.lib import WorkPoller

from .conftest import FakeMango, make_secret


def poller(fake: FakeMango, backoff, **kwargs) -> WorkPoller:  # type: ignore[no-untyped-def]
    kwargs.setdefault("drain", True)
    made = WorkPoller(
        base_url=fake.url, environment_id="env_1", environment_key="env-key", backoff=backoff, idle_delay=0, **kwargs
    )
    fake.closers.append(made.close)
    return made


def test_acks_before_yielding_and_keeps_the_poll_secret(fake: FakeMango, zero_backoff) -> None:
    secret = make_secret("tok-1")
    fake.enqueue("work_1", secret=secret)
    seen = []
    for work in poller(fake, zero_backoff):
        assert [r.route for r in fake.requests] == ["poll", "ack"]
        seen.append(work)
    assert [w.id for w in seen] == ["work_1"]
    assert seen[0].state == "starting"
    assert seen[0].secret == secret


def test_poll_sends_the_environment_key_block_ms_reclaim_and_worker_id(fake: FakeMango, zero_backoff) -> None:
    list(poller(fake, zero_backoff, worker_id="w-7", reclaim_older_than_ms=7000))
    poll = fake.of("poll")[0]
    assert poll.headers["authorization"] == "Bearer env-key"
    assert poll.query == {"block_ms": ["999"], "reclaim_older_than_ms": ["7000"], "worker_id": ["w-7"]}


def test_drain_returns_when_the_queue_is_empty(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1")
    fake.enqueue("work_2")
    assert [w.id for w in poller(fake, zero_backoff)] == ["work_1", "work_2"]
    assert len(fake.of("poll")) == 3


def test_without_drain_an_empty_queue_is_polled_again(fake: FakeMango, zero_backoff) -> None:
    p = poller(fake, zero_backoff, drain=False)
    fake.script("poll", None, None)
    fake.script("poll", lambda req: (200, _queued(fake, "work_9")))
    work = next(iter(p))
    assert work.id == "work_9"
    assert len(fake.of("poll")) == 3


def _queued(fake: FakeMango, work_id: str) -> dict:  # type: ignore[type-arg]
    from .conftest import work_body

    return work_body(work_id, secret=make_secret())


def test_ambiguous_ack_is_retried_and_never_stopped(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1", secret=make_secret("tok-a"))
    fake.script("ack", "commit_then_drop", 503)
    works = list(poller(fake, zero_backoff))
    assert [w.id for w in works] == ["work_1"]
    assert works[0].secret == make_secret("tok-a")
    assert len(fake.of("ack")) == 3
    assert fake.of("stop") == []


def test_ack_conflict_skips_the_reclaimed_item(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1")
    fake.enqueue("work_2")
    fake.script("ack", 409)
    assert [w.id for w in poller(fake, zero_backoff)] == ["work_2"]
    assert fake.of("stop") == []


def test_poll_errors_back_off_with_the_shared_policy(fake: FakeMango) -> None:
    from mango import RetryPolicy

    waits: list[float] = []
    policy = RetryPolicy(max_retries=0, base_delay=1.0, max_delay=60.0, rand=lambda: 1.0)
    object.__setattr__(policy, "sleep", waits.append)
    fake.script("poll", 500, "drop", 503)
    fake.enqueue("work_1")
    assert [w.id for w in poller(fake, policy)] == ["work_1"]
    assert waits == [1.0, 2.0, 4.0]


@pytest.mark.parametrize(("status", "error"), [(401, AuthenticationError), (404, NotFoundError)])
def test_fatal_4xx_stops_the_poller(fake: FakeMango, zero_backoff, status: int, error: type) -> None:  # type: ignore[type-arg]
    fake.script("poll", status)
    with pytest.raises(error):
        list(poller(fake, zero_backoff, drain=False))
    assert len(fake.of("poll")) == 1


def test_fatal_ack_error_stops_the_poller_without_stop(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1")
    fake.script("ack", 403)
    with pytest.raises(Exception, match="403"):
        list(poller(fake, zero_backoff))
    assert fake.of("stop") == []


def test_foreign_items_are_not_acknowledged(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_x", env="env_other")
    assert list(poller(fake, zero_backoff)) == []
    assert fake.of("ack") == []


def test_missing_environment_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANGO_ENVIRONMENT_KEY", raising=False)
    with pytest.raises(ValueError, match="MANGO_ENVIRONMENT_KEY"):
        WorkPoller(environment_id="env_1")


async def test_async_iteration_acks_before_yield(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1", secret=make_secret("tok-z"))
    fake.script("ack", "drop")
    async with poller(fake, zero_backoff) as p:
        works = [w async for w in p]
    assert [w.id for w in works] == ["work_1"]
    assert works[0].secret == make_secret("tok-z")
    assert [r.route for r in fake.requests] == ["poll", "ack", "ack", "poll"]


async def test_async_fatal_error_raises(fake: FakeMango, zero_backoff) -> None:
    fake.script("poll", 401)
    async with poller(fake, zero_backoff, drain=False) as p:
        with pytest.raises(AuthenticationError):
            async for _ in p:
                pass


def test_stop_ends_the_iteration(fake: FakeMango, zero_backoff) -> None:
    fake.enqueue("work_1")
    fake.enqueue("work_2")
    p = poller(fake, zero_backoff, drain=False)
    got = []
    for work in p:
        got.append(work.id)
        p.stop()
    p.close()
    assert got == ["work_1"]
