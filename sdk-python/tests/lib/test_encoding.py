"""Wire encoding: query strings, JSON bodies, multipart parts, paths and union decoding."""

from __future__ import annotations

import datetime as dt
import io

import attrs
import pytest
from mango import NOT_GIVEN, APIResponseValidationError
from mango._encoding import (
    decode_union,
    encode_multipart,
    encode_query,
    format_path,
    no_content,
    optional,
    raw_bytes,
    to_jsonable,
)


def test_query_arrays_repeat_bracketed_keys_and_drop_not_given() -> None:
    pairs = encode_query(
        {
            "limit": 2,
            "page": NOT_GIVEN,
            "event_deltas[]": ["agent.message", "agent.thinking"],
            "created_at[gte]": dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC),
            "include_archived": True,
            "order": None,
        }
    )
    assert pairs == [
        ("limit", "2"),
        ("event_deltas[]", "agent.message"),
        ("event_deltas[]", "agent.thinking"),
        ("created_at[gte]", "2026-01-02T03:04:05+00:00"),
        ("include_archived", "true"),
    ]


def test_query_brackets_reach_the_wire_intact() -> None:
    import httpx

    request = httpx.Request("GET", "http://x/v1/sessions", params=tuple(encode_query({"created_at[gte]": "2026"})))
    assert request.url.params["created_at[gte]"] == "2026"


@attrs.define
class _Model:
    name: str

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name}


def test_json_bodies_accept_models_mappings_and_datetimes() -> None:
    body = {"a": _Model("x"), "b": [_Model("y"), {"c": NOT_GIVEN, "d": None}], "e": dt.date(2026, 1, 1), "f": NOT_GIVEN}
    assert to_jsonable(body) == {"a": {"name": "x"}, "b": [{"name": "y"}, {"d": None}], "e": "2026-01-01"}


def test_multipart_streams_file_objects_and_keeps_names() -> None:
    handle = io.BytesIO(b"hello")
    handle.name = "/tmp/dir/report.txt"
    parts, data = encode_multipart(
        {"file": handle, "other": ("x.bin", b"\x00", "application/octet-stream"), "skip": NOT_GIVEN},
        {"purpose": "upload", "n": 3, "absent": NOT_GIVEN},
    )
    assert parts[0] == ("file", ("report.txt", handle, None))
    assert parts[1] == ("other", ("x.bin", b"\x00", "application/octet-stream"))
    assert data == {"purpose": "upload", "n": "3"}
    with pytest.raises(TypeError, match="expected bytes"):
        encode_multipart({"file": 3}, None)


def test_path_parameters_are_percent_encoded_and_required() -> None:
    assert format_path("/v1/files/{file_id}/content", {"file_id": "a b/c"}) == "/v1/files/a%20b%2Fc/content"
    with pytest.raises(ValueError, match="file_id"):
        format_path("/v1/files/{file_id}", {"file_id": ""})


def test_union_decoding_passes_unknown_variants_through() -> None:
    variants = {"comment": lambda d: ("comment", d["text"])}
    assert decode_union({"type": "comment", "text": "hi"}, "type", variants) == ("comment", "hi")
    unknown = {"type": "future.event", "x": 1}
    assert decode_union(unknown, "type", variants) is unknown
    with pytest.raises(APIResponseValidationError):
        decode_union(["not", "an", "object"], "type", variants)


def test_small_decoders() -> None:
    assert optional(lambda d: d["id"])(None) is None
    assert optional(lambda d: d["id"])({"id": "w"}) == "w"
    assert no_content({"ignored": True}) is None
    assert raw_bytes(b"\x01") == b"\x01"
    with pytest.raises(APIResponseValidationError):
        raw_bytes("text")
