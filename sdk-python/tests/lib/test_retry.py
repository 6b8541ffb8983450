"""The retry policy: which failures retry, how long to wait, and the transport following it."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import mango
import pytest
import respx
from mango import AsyncMango, Mango, RetryPolicy
from mango._retry import is_retryable

AGENT = {"type": "thing", "id": "agent_1"}


@pytest.mark.parametrize(
    ("method", "status", "expected"),
    [
        ("GET", 500, True),
        ("GET", 502, True),
        ("GET", None, True),
        ("POST", 500, False),
        ("POST", None, False),
        ("GET", 501, False),
        ("DELETE", 503, True),
        ("POST", 429, True),
        ("POST", 503, True),
        ("GET", 404, False),
        ("GET", 409, False),
        ("POST", 412, False),
    ],
)
def test_rules(method: str, status: int | None, expected: bool) -> None:
    assert is_retryable(method, status) is expected


def test_backoff_grows_with_jitter_and_is_capped() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=4.0, rand=lambda: 1.0)
    assert [policy.delay(n) for n in range(4)] == [1.0, 2.0, 4.0, 4.0]
    low = RetryPolicy(base_delay=1.0, max_delay=4.0, rand=lambda: 0.0)
    assert low.delay(1) == 1.0


def test_retry_after_wins_and_is_capped() -> None:
    policy = RetryPolicy(max_retry_after=10.0, clock=lambda: 1_000_000_000.0)
    assert policy.delay(0, {"retry-after": "3"}) == 3.0
    assert policy.delay(0, {"retry-after": "120"}) == 10.0
    assert policy.delay(0, {"retry-after": "Sun, 09 Sep 2001 01:46:45 GMT"}) == pytest.approx(5.0)


def test_attempts_are_bounded() -> None:
    policy = RetryPolicy(max_retries=2)
    assert policy.should_retry("GET", 500, 1)
    assert not policy.should_retry("GET", 500, 2)


@respx.mock
def test_get_retries_5xx_then_succeeds(make_client: Callable[..., Mango]) -> None:
    route = respx.get("http://mango.test/v1/agents/agent_1").mock(
        side_effect=[httpx.Response(500), httpx.Response(502), httpx.Response(200, json=AGENT)]
    )
    assert (
        make_client()._request("GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"})["id"]
        == "agent_1"
    )
    assert route.call_count == 3


@respx.mock
def test_get_retries_connection_errors_then_gives_up(make_client: Callable[..., Mango]) -> None:
    route = respx.get("http://mango.test/v1/agents/agent_1").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(mango.APIConnectionError):
        make_client()._request("GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"})
    assert route.call_count == 3


@respx.mock
def test_timeouts_raise_api_timeout_error(make_client: Callable[..., Mango]) -> None:
    respx.get("http://mango.test/v1/agents/agent_1").mock(side_effect=httpx.ReadTimeout("slow"))
    with pytest.raises(mango.APITimeoutError):
        make_client()._request("GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"})


@respx.mock
def test_mutation_with_its_key_retries_500_and_connection_errors(make_client: Callable[..., Mango]) -> None:
    route = respx.post("http://mango.test/v1/agents/agent_1/archive").mock(
        side_effect=[httpx.ReadError("reset"), httpx.Response(500), httpx.Response(200, json=AGENT)]
    )
    assert make_client()._request("POST", "/v1/agents/agent_1/archive", cast=dict, body={})["id"] == "agent_1"
    keys = [call.request.headers["idempotency-key"] for call in route.calls]
    assert len(keys) == 3
    assert len(set(keys)) == 1
    assert keys[0].startswith("mango-py-")


@respx.mock
def test_every_logical_mutation_gets_a_fresh_key_and_reads_none(make_client: Callable[..., Mango]) -> None:
    post = respx.post("http://mango.test/v1/agents/agent_1/archive").mock(return_value=httpx.Response(200, json=AGENT))
    get = respx.get("http://mango.test/v1/agents/agent_1").mock(return_value=httpx.Response(200, json=AGENT))
    client = make_client()
    client._request("POST", "/v1/agents/agent_1/archive", cast=dict, body={})
    client._request("POST", "/v1/agents/agent_1/archive", cast=dict, body={})
    client._request("GET", "/v1/agents/agent_1", cast=dict)
    assert len({call.request.headers["idempotency-key"] for call in post.calls}) == 2
    assert "idempotency-key" not in get.calls[0].request.headers


@respx.mock
def test_a_caller_key_is_kept(make_client: Callable[..., Mango]) -> None:
    route = respx.post("http://mango.test/v1/agents/agent_1/archive").mock(return_value=httpx.Response(200, json=AGENT))
    make_client()._request("POST", "/v1/agents/agent_1/archive", cast=dict, body={}, headers={"Idempotency-Key": "k1"})
    assert route.calls[0].request.headers["idempotency-key"] == "k1"


@respx.mock
def test_mutation_without_a_key_is_never_retried_on_500_or_connection_errors() -> None:
    policy = RetryPolicy(max_retries=2, base_delay=0.0)
    assert not policy.should_retry("POST", 500, 0)
    assert not policy.should_retry("POST", None, 0)
    assert policy.should_retry("POST", 500, 0, idempotent=True)
    assert policy.should_retry("POST", None, 0, idempotent=True)
    assert not policy.should_retry("POST", 501, 0, idempotent=True)


@respx.mock
@pytest.mark.parametrize("status", [429, 503])
def test_mutation_retries_on_429_and_503(make_client: Callable[..., Mango], status: int) -> None:
    route = respx.post("http://mango.test/v1/agents/agent_1/archive").mock(
        side_effect=[httpx.Response(status, headers={"retry-after": "0"}), httpx.Response(200, json=AGENT)]
    )
    assert make_client()._request("POST", "/v1/agents/agent_1/archive", cast=dict, body={})["id"] == "agent_1"
    assert route.call_count == 2


@respx.mock
def test_max_retries_zero_disables_retrying() -> None:
    route = respx.get("http://mango.test/v1/agents/agent_1").mock(return_value=httpx.Response(503))
    with pytest.raises(mango.ServiceUnavailableError):
        Mango(base_url="http://mango.test", max_retries=0)._request(
            "GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"}
        )
    assert route.call_count == 1


@respx.mock
async def test_async_retries_the_same_way(make_async_client: Callable[..., AsyncMango]) -> None:
    route = respx.get("http://mango.test/v1/agents/agent_1").mock(
        side_effect=[httpx.Response(503), httpx.Response(200, json=AGENT)]
    )
    async with make_async_client() as client:
        assert (await client._request("GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"}))[
            "id"
        ] == "agent_1"
    assert route.call_count == 2


async def test_waits_use_the_policy_sleep(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr("time.sleep", slept.append)

    async def fake_anyio_sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr("anyio.sleep", fake_anyio_sleep)
    policy = RetryPolicy()
    policy.sleep(0.25)
    policy.sleep(0)
    await policy.asleep(0.5)
    assert slept == [0.25, 0.5]
