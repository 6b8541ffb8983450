"""``client.models.list()``: the offered models with window, output limit and capabilities, sync and async."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import respx
from mango import AsyncMango, Mango
from mango.types import Model, ModelList

BASE = "http://mango.test"
CAPABILITIES = {
    "web_search": True,
    "web_fetch": False,
    "citations": False,
    "thinking": True,
    "image_input": False,
    "pdf_input": False,
    "parallel_tool_calls": True,
    "prompt_caching": False,
    "fast_mode": False,
}
BODY = {
    "data": [
        {
            "type": "model",
            "id": "mango-offline-1",
            "display_name": "mango-offline-1",
            "created_at": "1970-01-01T00:00:00Z",
            "lifecycle": "active",
            "aliases": ["offline"],
            "context_window": 200000,
            "max_input_tokens": 200000,
            "max_output_tokens": 8192,
            "max_tokens": 8192,
            "capabilities": CAPABILITIES,
        }
    ],
    "has_more": False,
    "first_id": "mango-offline-1",
    "last_id": "mango-offline-1",
}


@respx.mock
def test_list_decodes_the_offered_models(make_client: Callable[..., Mango]) -> None:
    route = respx.get(f"{BASE}/v1/models").mock(return_value=httpx.Response(200, json=BODY))
    models = make_client().models.list()
    assert isinstance(models, ModelList)
    [model] = models.data
    assert isinstance(model, Model)
    assert (model.id, list(model.aliases), model.context_window, model.max_output_tokens) == (
        "mango-offline-1",
        ["offline"],
        200000,
        8192,
    )
    assert (model.display_name, model.lifecycle, model.max_input_tokens, model.max_tokens) == (
        "mango-offline-1",
        "active",
        200000,
        8192,
    )
    assert model.created_at.year == 1970
    assert (models.has_more, models.first_id, models.last_id) == (False, "mango-offline-1", "mango-offline-1")
    assert model.capabilities.web_search
    assert not model.capabilities.web_fetch
    assert route.calls[0].request.headers["authorization"].startswith("Bearer ")


@respx.mock
async def test_async_list(make_async_client: Callable[..., AsyncMango]) -> None:
    respx.get(f"{BASE}/v1/models").mock(return_value=httpx.Response(200, json=BODY))
    async with make_async_client() as client:
        models = await client.models.list()
    assert [m.id for m in models.data] == ["mango-offline-1"]
    assert models.data[0].capabilities.parallel_tool_calls
