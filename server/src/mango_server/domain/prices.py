"""The list price catalogue, Session usage totals and the budget decision.

Role: embedded, versioned list prices (US dollars per million tokens, plus per server-tool call)
for the models the Messages adapter speaks and a nominal price for the offline model (so budgets
are testable without a network), which the model adapters answer for a model id
(``ModelClient.price``); the cost of one request from its usage, in micro-dollars; the
Session usage total as stored and as the wire shows it; and whether the next request would take
the Session past its budget (projected with the request's estimated input and its whole maximum
output, so a budget is never exceeded by a request Mango chose to send).

Not responsible for: measuring requests (``domain.tokens``) or storage.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from mango_server.domain._generated import wire
from mango_server.domain.json import json_count

__all__ = [
    "EMPTY_TOTALS",
    "PRICES_VERSION",
    "Price",
    "budget_exceeded",
    "money",
    "public_usage",
    "request_cost",
    "request_totals",
    "resolve_price",
]

PRICES_VERSION = "2026-12-01"
_MICROS = 1_000_000


@dataclass(frozen=True, slots=True)
class Price:
    """US dollars per million tokens, and per server-tool call."""

    input: float
    output: float
    cache_write: float
    cache_read: float
    web_search: float = 0.01
    web_fetch: float = 0.0


_CATALOGUE: Mapping[str, Price] = {
    "claude-opus-4-5": Price(5, 25, 6.25, 0.5),
    "claude-opus-4-1": Price(15, 75, 18.75, 1.5),
    "claude-opus-4": Price(15, 75, 18.75, 1.5),
    "claude-opus-4-0": Price(15, 75, 18.75, 1.5),
    "claude-sonnet-4-5": Price(3, 15, 3.75, 0.3),
    "claude-sonnet-4": Price(3, 15, 3.75, 0.3),
    "claude-sonnet-4-0": Price(3, 15, 3.75, 0.3),
    "claude-3-7-sonnet": Price(3, 15, 3.75, 0.3),
    "claude-3-5-sonnet": Price(3, 15, 3.75, 0.3),
    "claude-haiku-4-5": Price(1, 5, 1.25, 0.1),
    "claude-3-5-haiku": Price(0.8, 4, 1.0, 0.08),
    "claude-3-opus": Price(15, 75, 18.75, 1.5),
    "claude-3-haiku": Price(0.25, 1.25, 0.3, 0.03),
    "mango-offline-1": Price(1, 5, 1.25, 0.1),  # nominal: the offline model costs nothing to run
}
_DATED = re.compile(r"^(?P<base>.+?)-(?P<date>\d{8}|latest)$")

#: The Session usage total as stored: token counters, server-tool calls, micro-dollars, unpriced requests.
EMPTY_TOTALS: dict[str, int] = {
    "input_tokens": 0,
    "output_tokens": 0,
    "cache_creation_input_tokens": 0,
    "cache_read_input_tokens": 0,
    "web_search_requests": 0,
    "web_fetch_requests": 0,
    "list_cost_micros": 0,
    "unpriced_requests": 0,
}


def resolve_price(model_id: str) -> Price | None:
    """The list price of ``model_id`` (bare or dated id); None when the model has no list price."""
    if model_id in _CATALOGUE:
        return _CATALOGUE[model_id]
    dated = _DATED.match(model_id)
    return _CATALOGUE.get(dated.group("base")) if dated else None


def request_cost(price: Price, tokens: Mapping[str, int], searches: int = 0, fetches: int = 0) -> int:
    """Micro-dollars for one request's usage, rounded up."""
    dollars_per_mtok = (
        tokens.get("input_tokens", 0) * price.input
        + tokens.get("output_tokens", 0) * price.output
        + tokens.get("cache_creation_input_tokens", 0) * price.cache_write
        + tokens.get("cache_read_input_tokens", 0) * price.cache_read
    )
    calls = searches * price.web_search + fetches * price.web_fetch
    return int(-(-(dollars_per_mtok + calls * _MICROS) // 1))


def request_totals(
    price: Price | None, tokens: Mapping[str, int], server_tool_use: Mapping[str, object] | None
) -> dict[str, int]:
    """What one answered request adds to the Session's usage total (``price``: its model's, ``None``: unpriced)."""
    searches = json_count((server_tool_use or {}).get("web_search_requests"))
    fetches = json_count((server_tool_use or {}).get("web_fetch_requests"))
    out = {k: int(tokens.get(k) or 0) for k in list(EMPTY_TOTALS)[:4]}
    out |= {"web_search_requests": searches, "web_fetch_requests": fetches}
    out["list_cost_micros"] = request_cost(price, out, searches, fetches) if price else 0
    out["unpriced_requests"] = 0 if price else 1
    return out


def sum_totals(totals: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Usage totals added up key by key (a Session's Threads)."""
    listed = list(totals)
    keys = {k for t in listed for k in t}
    return {k: sum(int(t.get(k) or 0) for t in listed) for k in keys}


def money(micros: int) -> wire.Money:
    """A wire ``Money`` for an amount in micro-dollars."""
    amount = (Decimal(micros) / _MICROS).quantize(Decimal("0.000001")).normalize()
    return {"amount": f"{amount:f}", "currency": "USD"}


def _micros(value: Mapping[str, object]) -> int:
    return int(Decimal(str(value["amount"])) * _MICROS)


def public_usage(totals: Mapping[str, int] | None) -> wire.SessionUsage:
    """The wire ``SessionUsage`` of a stored usage total."""
    t = {**EMPTY_TOTALS, **(totals or {})}
    return {
        "input_tokens": t["input_tokens"],
        "output_tokens": t["output_tokens"],
        "cache_creation_input_tokens": t["cache_creation_input_tokens"],
        "cache_read_input_tokens": t["cache_read_input_tokens"],
        "server_tool_use": {
            "web_search_requests": t["web_search_requests"],
            "web_fetch_requests": t["web_fetch_requests"],
        },
        "list_cost": None if t["unpriced_requests"] else money(t["list_cost_micros"]),
    }


def budget_exceeded(
    budget: Mapping[str, object] | None,
    totals: Mapping[str, int] | None,
    price: Price | None,
    input_tokens: int,
    max_tokens: int,
) -> bool:
    """Whether a request of ``input_tokens`` asking for ``max_tokens`` could take the Session past ``budget``.

    ``price`` is the list price of the request's model (``None``: unpriced, so a cost limit stops it).
    """
    if not budget:
        return False
    t = {**EMPTY_TOTALS, **(totals or {})}
    limit_tokens = budget.get("max_tokens")
    used = t["input_tokens"] + t["output_tokens"] + t["cache_creation_input_tokens"] + t["cache_read_input_tokens"]
    if limit_tokens is not None and used + input_tokens + max_tokens > json_count(limit_tokens):
        return True
    limit_cost = budget.get("max_list_cost")
    if not isinstance(limit_cost, Mapping):
        return False
    if price is None or t["unpriced_requests"]:
        return True  # a cost limit cannot be honoured without a list price
    projected = request_cost(price, {"input_tokens": input_tokens, "output_tokens": max_tokens})
    return t["list_cost_micros"] + projected > _micros(limit_cost)
