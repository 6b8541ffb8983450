"""Provider body bytes: orjson's equal compact ``json.dumps``'s, and what orjson refuses still encodes."""

from __future__ import annotations

import json

from mango_server.model._json_body import compact_json


def _stdlib(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def test_a_body_encodes_to_the_same_bytes_as_compact_json_dumps() -> None:
    body = {
        "model": "m",
        "max_tokens": 4096,
        "system": "Réponds en français — 日本語も",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": 'quote " backslash \\ newline \n tab \t \u0001'}]},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t", "name": "n", "input": {"a": [1, 2.5, None, True]}}],
            },
        ],
        "stream": True,
    }
    assert compact_json(body) == _stdlib(body)


def test_what_orjson_refuses_is_encoded_by_json_dumps() -> None:
    huge = {"n": 2**70}
    assert compact_json(huge) == _stdlib(huge)
    lone = {"text": "half of a pair: \ud83d"}
    encoded = compact_json(lone)
    assert json.loads(encoded) == lone  # escaped: a lone surrogate has no UTF-8 form
    assert b"\\ud83d" in encoded
