"""With MANGO_VALIDATE_RESPONSES on, a response that drifts from its spec model becomes a 500."""

from __future__ import annotations

import json

from mango_server.api._generated.routes import ROUTES
from mango_server.api.app import contract_drift

HEALTH = next(route for route in ROUTES if route.operation_id == "system.health")


def test_a_body_matching_the_response_model_passes() -> None:
    body = json.dumps({"status": "ok"}).encode()
    assert contract_drift(HEALTH, body, "req_1") is None


def test_an_undeclared_field_or_a_missing_one_is_a_contract_error() -> None:
    for body in ({"status": "ok", "extra": 1}, {}):
        response = contract_drift(HEALTH, json.dumps(body).encode(), "req_1")
        assert response is not None
        assert response.status_code == 500
        assert json.loads(bytes(response.body))["error"]["type"] == "api_error"
