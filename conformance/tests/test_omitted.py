"""The routes the contract leaves out are probed at concrete paths under them."""

from __future__ import annotations

from mango_conformance._omitted import concrete
from mango_conformance._spec import Spec


def test_concrete_paths() -> None:
    assert concrete("/v1/vaults/...") == ("GET", "/v1/vaults")
    assert concrete("/v1/sessions/{session_id}/resources/...") == ("GET", "/v1/sessions/session_conformance/resources")
    assert concrete("POST /v1/environments/{environment_id}/work/{work_id}") == (
        "POST",
        "/v1/environments/environment_conformance/work/work_conformance",
    )


def test_the_spec_lists_omitted_routes_and_their_error() -> None:
    spec = Spec.load()
    assert spec.document["x-mango-omitted"]["routes"]
    catalogue = {entry["type"]: entry["status"] for entry in spec.document["x-mango-error-catalogue"]}
    assert catalogue["not_supported"] == 404
