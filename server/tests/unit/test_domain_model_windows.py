"""The model window catalogue: known ids (bare and dated), operator entries and the conservative fallback."""

from __future__ import annotations

import pytest
from mango_server.domain.model_windows import FALLBACK, ModelWindow, parse_windows, resolve_window


def test_known_ids_bare_and_dated() -> None:
    assert resolve_window("claude-sonnet-4-5") == ModelWindow(200_000, 64_000)
    assert resolve_window("claude-sonnet-4-5-20250929") == ModelWindow(200_000, 64_000)
    assert resolve_window("claude-3-5-haiku-latest").max_output == 8192
    assert resolve_window("mango-offline-1").context_window == 200_000


def test_unknown_and_ambiguous_ids_fall_back_below_every_known_window() -> None:
    assert resolve_window("claude-sonnet") is FALLBACK
    assert resolve_window("gpt-something") is FALLBACK
    assert not FALLBACK.known
    assert FALLBACK.context_window < resolve_window("claude-3-haiku").context_window


def test_operator_entries_override_and_extend() -> None:
    extra = parse_windows("mango-offline-1=8000:512, my-model=32000:4096")
    assert resolve_window("mango-offline-1", extra) == ModelWindow(8000, 512)
    assert resolve_window("my-model-20260101", extra) == ModelWindow(32000, 4096)
    assert parse_windows("") == {}


@pytest.mark.parametrize("raw", ["x", "x=1", "x=a:b", "x=100:100", "=100:10", "x=100:0"])
def test_malformed_entries_are_refused(raw: str) -> None:
    with pytest.raises(ValueError, match=r"id=WINDOW:MAX_OUTPUT|0 < MAX_OUTPUT"):
        parse_windows(raw)
