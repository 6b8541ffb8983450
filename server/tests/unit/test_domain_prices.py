"""List prices, request cost, the public usage shape and the budget decision."""

from __future__ import annotations

from mango_server.domain.prices import (
    budget_exceeded,
    money,
    public_usage,
    request_cost,
    request_totals,
    resolve_price,
)


def test_prices_resolve_bare_and_dated_ids_and_unknown_models_have_none() -> None:
    sonnet = resolve_price("claude-sonnet-4-5-20250929")
    assert sonnet is not None
    assert (sonnet.input, sonnet.output) == (3, 15)
    assert resolve_price("some-other-model") is None


def test_request_cost_in_micro_dollars_includes_cache_and_server_tools() -> None:
    price = resolve_price("claude-sonnet-4-5")
    assert price is not None
    tokens = {"input_tokens": 1_000_000, "output_tokens": 1000, "cache_read_input_tokens": 10}
    assert request_cost(price, tokens) == 3_000_000 + 15_000 + 3
    assert request_cost(price, {}, searches=2) == 20_000


def test_totals_and_public_usage() -> None:
    priced = request_totals(
        resolve_price("mango-offline-1"), {"input_tokens": 100, "output_tokens": 10}, {"web_search_requests": 1}
    )
    assert priced["list_cost_micros"] == 100 + 50 + 10_000
    assert priced["web_search_requests"] == 1
    unpriced = request_totals(resolve_price("unknown-model"), {"input_tokens": 5}, None)
    assert unpriced["unpriced_requests"] == 1
    assert public_usage(priced)["list_cost"] == {"amount": "0.01015", "currency": "USD"}
    assert public_usage(unpriced)["list_cost"] is None
    assert public_usage(None)["input_tokens"] == 0
    assert money(0) == {"amount": "0", "currency": "USD"}


def test_budget_by_tokens_counts_the_whole_requested_output() -> None:
    budget = {"type": "limit", "max_tokens": 1000, "max_list_cost": None}
    used = {"input_tokens": 400, "output_tokens": 100}
    assert not budget_exceeded(budget, used, resolve_price("mango-offline-1"), 200, 300)
    assert budget_exceeded(budget, used, resolve_price("mango-offline-1"), 200, 301)
    assert not budget_exceeded(None, used, resolve_price("mango-offline-1"), 10**9, 10**9)


def test_budget_by_cost_and_models_without_a_price() -> None:
    budget = {"type": "limit", "max_tokens": None, "max_list_cost": {"amount": "0.001", "currency": "USD"}}
    assert not budget_exceeded(budget, {}, resolve_price("mango-offline-1"), 500, 100)  # 500 + 500 micros
    assert budget_exceeded(budget, {}, resolve_price("mango-offline-1"), 501, 100)
    assert budget_exceeded(budget, {}, resolve_price("unknown-model"), 1, 1)
    assert budget_exceeded(budget, {"unpriced_requests": 1}, resolve_price("mango-offline-1"), 1, 1)
