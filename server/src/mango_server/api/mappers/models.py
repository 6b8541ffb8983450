"""The wire shape of the offered models: id, aliases, window, output limit and capabilities.

Never an endpoint's URL, headers, credential source or list price. Not responsible for which
models are offered (``app.models``).
"""

from __future__ import annotations

from collections.abc import Sequence

from mango_server.domain._generated import wire
from mango_server.domain.model_catalogue import ModelEntry


def model(entry: ModelEntry) -> wire.Model:
    """One offered model."""
    flags = entry.capabilities.flags()
    capabilities: wire.ModelCapabilities = {
        "web_search": flags["web_search"],
        "web_fetch": flags["web_fetch"],
        "citations": flags["citations"],
        "thinking": flags["thinking"],
        "image_input": flags["image_input"],
        "pdf_input": flags["pdf_input"],
        "parallel_tool_calls": flags["parallel_tool_calls"],
        "prompt_caching": flags["prompt_caching"],
        "fast_mode": flags["fast_mode"],
    }
    return {
        "type": "model",
        "id": entry.id,
        "aliases": list(entry.aliases),
        "context_window": entry.context_window,
        "max_output_tokens": entry.max_output_tokens,
        "capabilities": capabilities,
    }


def model_list(entries: Sequence[ModelEntry]) -> wire.ModelList:
    """The body of ``models.list``."""
    return {"data": [model(e) for e in entries]}
