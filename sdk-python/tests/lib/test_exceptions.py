"""Status errors: one class per status, carrying status, body, request id and error type."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import mango
import pytest
from mango import Mango
from mango._exceptions import status_error_from_envelope
from pytest_httpserver import HTTPServer

CASES = [
    (400, "invalid_request_error", mango.BadRequestError),
    (401, "authentication_error", mango.AuthenticationError),
    (403, "permission_error", mango.PermissionDeniedError),
    (404, "not_found_error", mango.NotFoundError),
    (405, "method_not_allowed", mango.MethodNotAllowedError),
    (409, "conflict_error", mango.ConflictError),
    (412, "precondition_failed", mango.PreconditionFailedError),
    (413, "request_too_large", mango.RequestTooLargeError),
    (429, "rate_limit_error", mango.RateLimitError),
    (500, "api_error", mango.InternalServerError),
    (501, "api_error", mango.ApiNotImplementedError),
    (503, "overloaded", mango.ServiceUnavailableError),
    (422, "invalid_request_error", mango.APIStatusError),
    (502, "api_error", mango.InternalServerError),
]


@pytest.mark.parametrize(("status", "error_type", "cls"), CASES, ids=[str(c[0]) for c in CASES])
def test_status_maps_to_its_class_with_request_id(
    httpserver: HTTPServer,
    make_client: Callable[..., Mango],
    error_envelope: Callable[..., dict[str, object]],
    status: int,
    error_type: str,
    cls: type[mango.APIStatusError],
) -> None:
    httpserver.expect_request("/v1/agents/agent_1", method="GET").respond_with_json(
        error_envelope(error_type, "it failed", "req_body"), status=status, headers={"request-id": "req_header"}
    )
    client = make_client(httpserver.url_for(""), max_retries=0, retry_policy=None)
    with pytest.raises(mango.APIStatusError) as caught:
        client._request("GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"})
    error = caught.value
    assert type(error) is cls
    assert isinstance(error, mango.APIError)
    assert isinstance(error, mango.MangoError)
    assert (error.status_code, error.error_type, error.request_id) == (status, error_type, "req_header")
    assert error.body == error_envelope(error_type, "it failed", "req_body")
    assert "it failed" in str(error)
    assert "req_header" in str(error)
    assert client.last_request_id == "req_header"


def test_request_id_falls_back_to_the_envelope(
    httpserver: HTTPServer, make_client: Callable[..., Mango], error_envelope: Callable[..., dict[str, object]]
) -> None:
    httpserver.expect_request("/v1/agents/agent_1").respond_with_json(error_envelope("not_found_error"), status=404)
    with pytest.raises(mango.NotFoundError) as caught:
        make_client(httpserver.url_for(""))._request(
            "GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"}
        )
    assert caught.value.request_id == "req_env"


def test_non_json_error_body_is_kept_as_text(httpserver: HTTPServer, make_client: Callable[..., Mango]) -> None:
    httpserver.expect_request("/v1/agents/agent_1").respond_with_data("bad gateway", status=400)
    with pytest.raises(mango.BadRequestError) as caught:
        make_client(httpserver.url_for(""))._request(
            "GET", "/v1/agents/{agent_id}", cast=dict, path_params={"agent_id": "agent_1"}
        )
    assert caught.value.body == "bad gateway"
    assert caught.value.error_type is None


def test_connection_errors_have_their_own_branch() -> None:
    assert issubclass(mango.APITimeoutError, mango.APIConnectionError)
    assert issubclass(mango.APIConnectionError, mango.APIError)
    assert not issubclass(mango.APIConnectionError, mango.APIStatusError)
    assert mango.ApiNotImplementedError is not NotImplementedError


@pytest.mark.parametrize(
    ("error_type", "cls", "status"),
    [("overloaded", mango.ServiceUnavailableError, 503), ("mystery", mango.InternalServerError, 500)],
)
def test_envelope_from_an_error_event(error_type: str, cls: type[mango.APIStatusError], status: int) -> None:
    response = httpx.Response(200, headers={"request-id": "req_stream"})
    error = status_error_from_envelope(
        {"type": "error", "error": {"type": error_type, "message": "m"}}, response=response
    )
    assert type(error) is cls
    assert error.status_code == status
    assert error.request_id == "req_stream"
