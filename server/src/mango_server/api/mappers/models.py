"""The wire shape of the offered models: id, aliases, window, output limit and capabilities, plus the
fields the reference's model listing declares (display name, release time, lifecycle, input and output
limits) and its page fields.

Never an endpoint's URL, headers, credential source or list price. Not responsible for which
models are offered (``app.models``).
"""

from __future__ import annotations

from collections.abc import Sequence

from mango_server.domain._generated import wire
from mango_server.domain.model_catalogue import ModelEntry

#: The release time of a model whose release date is unknown (the reference allows the epoch).
UNKNOWN_RELEASE = "1970-01-01T00:00:00Z"


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
        # The catalogue declares no display name, release date or separate input limit: the id, the
        # epoch, and the whole context window stand in for them.
        "display_name": entry.id,
        "created_at": UNKNOWN_RELEASE,
        "lifecycle": "active",
        "max_input_tokens": entry.context_window,
        "max_tokens": entry.max_output_tokens,
    }


def model_list(entries: Sequence[ModelEntry]) -> wire.ModelList:
    """The body of ``models.list``."""
    data = [model(e) for e in entries]
    return {
        "data": data,
        "has_more": False,
        "first_id": data[0]["id"] if data else None,
        "last_id": data[-1]["id"] if data else None,
    }
