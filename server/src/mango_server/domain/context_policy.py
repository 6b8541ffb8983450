"""Context admission: the budget a request must fit and the decision taken before every provider call.

Role: from a model's window and the requested output, reserve the output plus one model/tool
growth round (the response of this round and the tool results it may ask for come back as input
of the next one) and compare the measured request against what is left. A request over the limit
is compacted to a target below it (leaving headroom so the next rounds do not compact again at
once); an overflow refusal by the provider asks for a more aggressive target.

Not responsible for: measuring (``domain.tokens``), projecting (``domain.compaction``) or storage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mango_server.domain.json import json_count
from mango_server.domain.model_windows import ModelWindow

__all__ = ["DEFAULT_SUMMARY_TOKENS", "Budget", "CompactionConfig", "budget_for", "compaction_config"]

_MAX_GROWTH = 16_000
DEFAULT_SUMMARY_TOKENS = 1024


@dataclass(frozen=True, slots=True)
class Budget:
    """The input limit of one request and the targets compaction aims for."""

    window: int
    max_tokens: int
    growth: int

    @property
    def limit(self) -> int:
        """The largest admitted input estimate."""
        return max(self.window - self.max_tokens - self.growth, 1)

    def fits(self, tokens: int) -> bool:
        """Whether a request of ``tokens`` input tokens is admitted as it is."""
        return tokens <= self.limit

    def target(self, *, aggressive: bool = False) -> int:
        """The size compaction aims for: 60 % of the limit, 30 % after a provider overflow refusal."""
        return self.limit * (3 if aggressive else 6) // 10


def budget_for(window: ModelWindow, requested_max_tokens: int) -> Budget:
    """The budget for a request asking for ``requested_max_tokens`` (capped at the model's maximum output)."""
    max_tokens = max(1, min(requested_max_tokens, window.max_output))
    growth = min(max(window.context_window // 20, 256), _MAX_GROWTH)
    return Budget(window.context_window, max_tokens, growth)


@dataclass(frozen=True, slots=True)
class CompactionConfig:
    """How an Agent asks its Sessions to compact: ``extractive`` (the default) or a model-written ``summary``."""

    mode: str = "extractive"
    max_summary_tokens: int = DEFAULT_SUMMARY_TOKENS


def compaction_config(snapshot: Mapping[str, object]) -> CompactionConfig:
    """The compaction settings of an Agent snapshot (``context_management.compaction``; absent: extractive)."""
    management = snapshot.get("context_management")
    raw = management.get("compaction") if isinstance(management, Mapping) else None
    if not isinstance(raw, Mapping):
        return CompactionConfig()
    mode = str(raw.get("mode") or "extractive")
    return CompactionConfig(mode, json_count(raw.get("max_summary_tokens") or DEFAULT_SUMMARY_TOKENS))
