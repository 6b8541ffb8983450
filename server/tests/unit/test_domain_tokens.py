"""The conservative estimator's bounds and the usage anchor's invalidation."""

from __future__ import annotations

import json

from mango_server.domain.tokens import (
    BYTES_PER_TOKEN,
    Prefix,
    PrefixCache,
    UsageAnchor,
    estimate_message,
    estimate_request,
    fingerprint,
    measure,
)

SYSTEM = "You are terse."
TOOLS = [{"name": "bash", "description": "Run a command.", "input_schema": {"type": "object"}}]


def _user(text: str) -> dict[str, object]:
    return {"role": "user", "content": [{"type": "text", "text": text}]}


def test_estimate_is_at_least_one_token_per_three_bytes_of_every_part() -> None:
    messages = [_user("héllo wörld " * 50), {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}]
    total = estimate_request(SYSTEM, messages, TOOLS)
    wire = len(json.dumps({"system": SYSTEM, "messages": messages, "tools": TOOLS}, ensure_ascii=False).encode())
    assert total >= wire // BYTES_PER_TOKEN
    # and it is an upper bound for ordinary prose, which real tokenizers spend ~4 bytes per token on
    assert total >= len(("héllo wörld " * 50).encode()) / 4


def test_estimate_grows_with_every_part() -> None:
    base = estimate_request(None, [_user("a")], [])
    assert estimate_request("system prompt", [_user("a")], []) > base
    assert estimate_request(None, [_user("a")], TOOLS) > base
    assert estimate_request(None, [_user("a"), _user("b")], []) > base
    assert estimate_message({"role": "user", "content": "plain string"}) > estimate_message(
        {"role": "user", "content": ""}
    )


def test_anchor_measures_the_prefix_and_estimates_only_what_follows() -> None:
    prefix = [_user("first"), {"role": "assistant", "content": [{"type": "text", "text": "reply"}]}]
    anchor = UsageAnchor(fingerprint(SYSTEM, TOOLS, prefix), len(prefix), 5000, "sevt_a")
    messages = [*prefix, _user("second")]
    measured = measure(SYSTEM, messages, TOOLS, anchor)
    assert measured.anchored
    assert measured.anchor_request_id == "sevt_a"
    assert measured.tokens == 5000 + estimate_message(_user("second"))


def test_anchor_is_invalidated_by_any_change_of_its_prefix() -> None:
    prefix = [_user("first"), {"role": "assistant", "content": [{"type": "text", "text": "reply"}]}]
    anchor = UsageAnchor(fingerprint(SYSTEM, TOOLS, prefix), len(prefix), 5000)
    full = estimate_request(SYSTEM, [*prefix, _user("x")], TOOLS)
    compacted = [_user("[summary]"), prefix[1], _user("x")]
    for system, tools, messages in (
        ("Another system prompt.", TOOLS, [*prefix, _user("x")]),
        (SYSTEM, [], [*prefix, _user("x")]),
        (SYSTEM, TOOLS, compacted),
        (SYSTEM, TOOLS, prefix[:1]),
    ):
        measured = measure(system, messages, tools, anchor)
        assert not measured.anchored
        assert measured.tokens == estimate_request(system, messages, tools)
    assert measure(SYSTEM, [*prefix, _user("x")], TOOLS, None).tokens == full


def test_fingerprint_is_order_and_content_sensitive() -> None:
    a, b = _user("a"), _user("b")
    assert fingerprint(None, [], [a, b]) != fingerprint(None, [], [b, a])
    assert fingerprint(None, [], [a]) == fingerprint(None, [], [_user("a")])


def test_a_prefix_extended_digests_as_the_whole_prefix() -> None:
    messages = [_user("a"), {"role": "assistant", "content": [{"type": "text", "text": "b"}]}, _user("c")]
    head = Prefix.start(SYSTEM, TOOLS).extended(messages[:2])
    assert head.extended(messages[2:]).fingerprint() == fingerprint(SYSTEM, TOOLS, messages)
    assert head.fingerprint() == fingerprint(SYSTEM, TOOLS, messages[:2])  # extending leaves it as it was
    assert head.same(SYSTEM, TOOLS, [_user("a"), messages[1]])
    assert not head.same(SYSTEM, TOOLS, [_user("z"), messages[1]])
    assert not head.same("Other.", TOOLS, messages[:2])
    assert not head.same(SYSTEM, [], messages[:2])


def test_a_cached_prefix_measures_as_the_digest_would_and_only_when_it_is_the_request_s() -> None:
    prefix = [_user("first"), {"role": "assistant", "content": [{"type": "text", "text": "reply"}]}]
    known = Prefix.start(SYSTEM, TOOLS).extended(prefix)
    cache = PrefixCache()
    cache.put(known.fingerprint(), known)
    anchor = UsageAnchor(known.fingerprint(), len(prefix), 5000, "sevt_a")
    messages = [_user("first"), prefix[1], _user("second")]  # equal values, other objects
    measured = measure(SYSTEM, messages, TOOLS, anchor, cache)
    assert measured == measure(SYSTEM, messages, TOOLS, anchor)
    assert measured.anchored
    assert measured.tokens == 5000 + estimate_message(_user("second"))
    assert measured.prefix is not None
    assert measured.prefix.fingerprint() == fingerprint(SYSTEM, TOOLS, messages)
    # it holds the request's own objects, so the next request, which shares them, is compared by identity
    assert all(held is sent for held, sent in zip(measured.prefix.messages, messages, strict=True))
    # a cached prefix under the anchor's fingerprint that is not the request's never vouches for it
    cache.put(known.fingerprint(), Prefix.start(SYSTEM, TOOLS).extended([_user("other"), prefix[1]]))
    changed = [_user("changed"), prefix[1], _user("second")]
    assert not measure(SYSTEM, changed, TOOLS, anchor, cache).anchored
    assert measure(SYSTEM, messages, TOOLS, anchor, cache).anchored  # digested again: still the anchor's prefix


def test_the_prefix_cache_evicts_the_least_recently_used_past_its_bound() -> None:
    big = [_user("x" * 400)]
    a, b, c = (Prefix.start(None, []).extended([*big, _user(n)]) for n in "abc")
    cache = PrefixCache(max_bytes=a.size * 2 + 10)
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # now the most recently used
    cache.put("c", c)
    assert cache.get("b") is None
    assert cache.get("a") is a
    assert cache.get("c") is c
    assert cache.pop("a") is a
    assert cache.get("a") is None
    huge = Prefix.start(None, []).extended([_user("x" * 2000)])
    cache.put("huge", huge)  # larger than the whole bound: not kept, and nothing else is evicted for it
    assert cache.get("huge") is None
    assert cache.get("c") is c
