"""Extractive compaction: fits the target, keeps head and recent turns, pairs and server-tool blocks whole."""

from __future__ import annotations

from typing import Any

from mango_server.domain.compaction import Entry, Projection, apply_projection, compact, turn_of
from mango_server.domain.tokens import estimate_message

SERVER_TOOL = [
    {"type": "text", "text": "Searching."},
    {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}},
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_1",
        "content": [{"type": "web_search_result", "url": "u", "encrypted_content": "x" * 300}],
        "zz_unknown": {"b": 2},
    },
]


def _text(text: str) -> list[dict[str, Any]]:
    return [{"type": "text", "text": text}]


def _turn(n: int, *, tools: int = 0, result_chars: int = 50, server_tool: bool = False) -> list[Entry]:
    """Turn ``n``: a user message, ``tools`` tool rounds, then a final answer."""
    trig = f"sevt_{n:04d}"
    entries = [Entry(f"{trig}:0", "user", _text(f"question {n} " + "lorem ipsum " * 20))]
    for i in range(tools):
        use = {"type": "tool_use", "id": f"toolu_{n}_{i}", "name": "bash", "input": {"command": "ls"}}
        result = {"type": "tool_result", "tool_use_id": f"toolu_{n}_{i}", "content": _text("r" * result_chars)}
        entries.append(Entry(f"{trig}:{len(entries)}", "assistant", [use]))
        entries.append(Entry(f"{trig}:{len(entries)}", "user", [result]))
    final = SERVER_TOOL if server_tool else _text(f"answer {n} " + "dolor sit " * 20)
    entries.append(Entry(f"{trig}:{len(entries)}", "assistant", final))
    return entries


def _size(entries: list[Entry]) -> int:
    return sum(estimate_message(e.message) for e in entries)


def _check_integrity(original: list[Entry], sent: list[Entry]) -> None:
    by_key = {e.key: e for e in original}
    assert sent[0].role == "user"
    kept = [e for e in sent if e.key in by_key]
    for entry in kept:
        if entry.role == "assistant":
            assert entry.blocks == by_key[entry.key].blocks  # assistant entries (server-tool blocks) untouched
    keys = {e.key for e in kept}
    for i, entry in enumerate(original):
        uses = [b["id"] for b in entry.blocks if b.get("type") == "tool_use"]
        if uses and entry.key in keys and i + 1 < len(original):
            answer = original[i + 1]
            assert answer.key in keys, "a kept tool_use lost the entry answering it"
        results = [b for b in entry.blocks if b.get("type") == "tool_result"]
        if results and entry.key in keys:
            assert original[i - 1].key in keys, "a kept tool_result lost its tool_use"


def test_projection_fits_and_keeps_head_summary_and_recent_turns() -> None:
    entries = [e for n in range(40) for e in _turn(n, tools=1)]
    projection = compact(entries, target=2000, fixed_cost=100)
    sent = apply_projection(projection, entries, "summary:x")
    assert _size(sent) + 100 <= 2000
    assert sent[0].key == entries[0].key  # the head pins the task
    assert any(e.key == "summary:x" for e in sent)
    assert sent[-1].key == entries[-1].key  # the current turn is kept
    assert projection.summary is not None
    assert "question 35 " in projection.summary
    assert projection.horizon == entries[-1].key
    _check_integrity(entries, sent)


def test_within_the_current_turn_rounds_are_dropped_in_pairs() -> None:
    entries = _turn(0) + _turn(1, tools=30)
    projection = compact(entries, target=1500, fixed_cost=0)
    sent = apply_projection(projection, entries)
    assert _size(sent) <= 1500
    assert sent[-1].key == entries[-1].key
    assert any(e.key == "sevt_0001:0" for e in sent)  # the turn's opening message
    _check_integrity(entries, sent)


def test_oversized_tool_results_are_shrunk_keeping_their_other_fields() -> None:
    entries = _turn(0) + _turn(1, tools=1, result_chars=40_000)
    projection = compact(entries, target=3000, fixed_cost=0)
    sent = apply_projection(projection, entries)
    [result_entry] = [e for e in sent if any(b.get("type") == "tool_result" for b in e.blocks)]
    block = result_entry.blocks[0]
    assert block["tool_use_id"] == "toolu_1_0"
    assert "omitted by context compaction" in block["content"][0]["text"]
    assert len(block["content"][0]["text"]) < 40_000
    original = next(e for e in entries if e.key == result_entry.key)
    assert original.blocks[0]["content"][0]["text"] == "r" * 40_000  # the transcript value itself is untouched
    assert _size(sent) <= 3000


def test_server_tool_blocks_are_kept_or_dropped_whole() -> None:
    entries = [e for n in range(12) for e in _turn(n, server_tool=True)]
    projection = compact(entries, target=1500, fixed_cost=0)
    sent = apply_projection(projection, entries)
    for entry in sent:
        types = [b["type"] for b in entry.blocks]
        if "server_tool_use" in types:
            assert entry.blocks == SERVER_TOOL
    _check_integrity(entries, sent)


def test_entries_after_the_horizon_are_appended_and_no_projection_is_identity() -> None:
    entries = [e for n in range(10) for e in _turn(n)]
    projection = compact(entries, target=800, fixed_cost=0)
    later = _turn(10)
    sent = apply_projection(projection, entries + later)
    assert sent[-len(later) :] == later
    assert apply_projection(None, entries) == entries
    assert apply_projection(Projection(kept=[], horizon="missing:0"), entries) == entries
    assert turn_of("sevt_0001:3") == "sevt_0001"


def test_a_small_transcript_is_kept_whole() -> None:
    entries = _turn(0) + _turn(1)
    projection = compact(entries, target=100_000, fixed_cost=0)
    assert projection.kept == [e.key for e in entries]
    assert projection.summary is None


def test_a_head_turn_too_large_to_keep_is_pinned_by_its_opening_message() -> None:
    entries = _turn(0, tools=6, result_chars=400) + [e for n in range(1, 20) for e in _turn(n)]
    projection = compact(entries, target=2500, fixed_cost=0)
    assert projection.kept[0] == "sevt_0000:0"
    assert "sevt_0000:1" not in projection.kept
    sent = apply_projection(projection, entries)
    _check_integrity(entries, sent)


def test_an_interrupted_round_without_results_stays_a_valid_unit() -> None:
    interrupted = _turn(0, tools=1)[:2]  # the tool_use was never answered
    entries = interrupted + [e for n in range(1, 15) for e in _turn(n)]
    sent = apply_projection(compact(entries, target=1500, fixed_cost=0), entries)
    assert sent[0].role == "user"
    assert _size(sent) <= 1500
