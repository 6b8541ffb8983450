"""The model window catalogue: model id -> context window and maximum output tokens.

Role: an embedded, versioned table of the models the Messages adapter speaks (Anthropic ids, bare
or dated, for example ``claude-sonnet-4-5`` and ``claude-sonnet-4-5-20250929``) plus the offline
model, extended by operator entries (``MANGO_MODEL_WINDOWS``). An unknown or ambiguous id gets a
conservative fallback, so admission compacts early rather than letting the provider refuse.

Not responsible for: counting tokens (``domain.tokens``) or deciding admission
(``domain.context_policy``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["CATALOGUE_VERSION", "FALLBACK", "ModelWindow", "parse_windows", "resolve_window"]

CATALOGUE_VERSION = "2026-12-01"


@dataclass(frozen=True, slots=True)
class ModelWindow:
    """What one model accepts: total context tokens and the largest output it may be asked for."""

    context_window: int
    max_output: int
    known: bool = True


_K = 1000
_CATALOGUE: Mapping[str, ModelWindow] = {
    "claude-opus-4-5": ModelWindow(200 * _K, 64 * _K),
    "claude-opus-4-1": ModelWindow(200 * _K, 32 * _K),
    "claude-opus-4": ModelWindow(200 * _K, 32 * _K),
    "claude-opus-4-0": ModelWindow(200 * _K, 32 * _K),
    "claude-sonnet-4-5": ModelWindow(200 * _K, 64 * _K),
    "claude-sonnet-4": ModelWindow(200 * _K, 64 * _K),
    "claude-sonnet-4-0": ModelWindow(200 * _K, 64 * _K),
    "claude-haiku-4-5": ModelWindow(200 * _K, 64 * _K),
    "claude-3-7-sonnet": ModelWindow(200 * _K, 64 * _K),
    "claude-3-5-sonnet": ModelWindow(200 * _K, 8192),
    "claude-3-5-haiku": ModelWindow(200 * _K, 8192),
    "claude-3-opus": ModelWindow(200 * _K, 4096),
    "claude-3-haiku": ModelWindow(200 * _K, 4096),
    "mango-offline-1": ModelWindow(200 * _K, 8192),
}
#: Unknown ids: a window smaller than any catalogued model, so compaction happens too early, never too late.
FALLBACK = ModelWindow(100 * _K, 4096, known=False)

_DATED = re.compile(r"^(?P<base>.+?)-(?P<date>\d{8}|latest)$")


def resolve_window(model_id: str, extra: Mapping[str, ModelWindow] | None = None) -> ModelWindow:
    """The window of ``model_id``: operator entries first, then the catalogue (bare or dated id), else the fallback."""
    for table in (extra or {}, _CATALOGUE):
        if model_id in table:
            return table[model_id]
        dated = _DATED.match(model_id)
        if dated and dated.group("base") in table:
            return table[dated.group("base")]
    return FALLBACK


def parse_windows(raw: str) -> dict[str, ModelWindow]:
    """Operator entries ``id=WINDOW:MAX_OUTPUT`` separated by commas (``MANGO_MODEL_WINDOWS``).

    Raises:
        ValueError: an entry is malformed or a number is not positive; the message names the entry.
    """
    out: dict[str, ModelWindow] = {}
    for entry in (part.strip() for part in raw.split(",")):
        if not entry:
            continue
        model_id, _, sizes = entry.partition("=")
        window, _, output = sizes.partition(":")
        if not model_id.strip() or not window.strip().isdigit() or not output.strip().isdigit():
            raise ValueError(f"model window entry {entry!r} must be id=WINDOW:MAX_OUTPUT")
        parsed = ModelWindow(int(window), int(output))
        if parsed.context_window <= 0 or not 0 < parsed.max_output < parsed.context_window:
            raise ValueError(f"model window entry {entry!r} needs 0 < MAX_OUTPUT < WINDOW")
        out[model_id.strip()] = parsed
    return out
