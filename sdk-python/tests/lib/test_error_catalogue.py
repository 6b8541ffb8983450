"""Every error type of the spec's catalogue reaches the exception class of its status, by HTTP and by SSE."""

from __future__ import annotations

import httpx
import mango
import pytest
from mango._exceptions import status_error_from_envelope, status_error_from_response
from mango._generated.error_catalogue import ERROR_CATALOGUE, ERROR_STATUS, ErrorTypeEntry

# The generic classes an uncatalogued status falls back to; a catalogued type must never land on them.
_FALLBACKS = (mango.APIStatusError,)


def _envelope(error_type: str) -> dict[str, object]:
    return {"type": "error", "error": {"type": error_type, "message": "m"}, "request_id": "req_1"}


@pytest.mark.parametrize("entry", ERROR_CATALOGUE, ids=lambda e: e.type)
def test_catalogued_type_maps_to_the_class_of_its_status(entry: ErrorTypeEntry) -> None:
    from_event = status_error_from_envelope(_envelope(entry.type))
    response = httpx.Response(entry.status, json=_envelope(entry.type))
    from_response = status_error_from_response(response)
    assert type(from_event) is type(from_response)
    assert type(from_event) not in _FALLBACKS
    assert type(from_event).status_code == entry.status, f"{entry.type}: no class for status {entry.status}"
    assert (from_event.status_code, from_event.error_type) == (entry.status, entry.type)
    assert (from_response.status_code, from_response.error_type) == (entry.status, entry.type)


def test_not_implemented_is_501() -> None:
    assert ERROR_STATUS["not_implemented"] == 501
    error = status_error_from_envelope(_envelope("not_implemented"))
    assert type(error) is mango.ApiNotImplementedError
    assert error.status_code == 501
