"""Reference routes Mango leaves out answer 404 ``not_supported``: the table equals the spec's list."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from mango_server.api._generated.errors import ERROR_STATUS
from mango_server.api.auth import bearer_token
from mango_server.api.omitted import ERROR_TYPE, OMITTED_ROUTES, message, omitted
from mango_server.domain.errors import AuthenticationError

SPEC = Path(__file__).resolve().parents[4] / "openapi" / "mango.yaml"


def test_table_is_the_specs_omitted_routes() -> None:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    listed = [(r["path"], r["reason"]) for r in spec["x-mango-omitted"]["routes"]]
    assert [(r.path, r.reason) for r in OMITTED_ROUTES] == listed
    assert ERROR_STATUS[ERROR_TYPE] == 404


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/sessions/sesn_1/resources"),
        ("POST", "/v1/sessions/sesn_1/resources"),
        ("DELETE", "/v1/sessions/sesn_1/resources/sesrsc_1"),
        ("POST", "/v1/vaults/vlt_1/credentials/vcrd_1/archive"),
        ("POST", "/v1/vaults/vlt_1/credentials/vcrd_1/mcp_oauth_validate"),
        ("POST", "/v1/environments/env_1/work/work_1"),
    ],
)
def test_omitted_routes_match(method: str, path: str) -> None:
    route = omitted(method, path)
    assert route is not None
    assert route.reason in message(route)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/sessions/sesn_1"),
        ("GET", "/v1/sessions/sesn_1/resourcesx"),
        ("GET", "/v1/environments/env_1/work/work_1"),
        ("POST", "/v1/environments/env_1/work/work_1/ack"),
        ("GET", "/v1/vaults"),
        ("POST", "/v1/vaults/vlt_1/credentials"),
        ("GET", "/v1/vaults/vlt_1/credentials/vcrd_1/archive"),
    ],
)
def test_other_paths_do_not_match(method: str, path: str) -> None:
    assert omitted(method, path) is None


def test_x_api_key_alone_gets_a_hint() -> None:
    with pytest.raises(AuthenticationError, match="auth_token"):
        bearer_token(None, x_api_key=True)
    with pytest.raises(AuthenticationError) as plain:
        bearer_token(None)
    assert "X-Api-Key" not in str(plain.value)
