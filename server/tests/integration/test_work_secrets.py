"""``environments.work.secrets`` on the real components: a worker's supervisor reads its leased Session
item's ``environment_variable`` secrets with the Environment key; session tokens, other credential
kinds, other items and items without a live lease get nothing, and no log line carries a value."""

from __future__ import annotations

import secrets
import time
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant

from ._client import client, say
from .test_work import BASH, bearer, env_key, new_environment, poll, token_of

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def vault_with(http: httpx.Client, *credentials: dict[str, Any]) -> str:
    vault = http.post("/v1/vaults", json={"display_name": f"secrets-{time.monotonic_ns()}"})
    assert vault.status_code == 200, vault.text
    for auth in credentials:
        added = http.post(f"/v1/vaults/{vault.json()['id']}/credentials", json={"auth": auth})
        assert added.status_code == 200, added.text
    return str(vault.json()["id"])


def env_secret(name: str, value: str, hosts: list[str], **location: bool) -> dict[str, Any]:
    auth: dict[str, Any] = {
        "type": "environment_variable",
        "secret_name": name,
        "secret_value": value,
        "networking": {"type": "limited", "allowed_hosts": hosts},
    }
    if location:
        auth["injection_location"] = location
    return auth


def test_a_leased_item_reads_its_sessions_secrets_and_nothing_else_does(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    first, shadowed, second, bearer_token = (f"value-{secrets.token_hex(12)}" for _ in range(4))
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "secrets")
        vault_a = vault_with(
            http,
            env_secret("SEARCH_KEY", first, ["api.search.example"]),
            {"type": "static_bearer", "mcp_server_url": "https://mcp.example.com/mcp", "token": bearer_token},
        )
        vault_b = vault_with(
            http,
            env_secret("SEARCH_KEY", shadowed, ["other.example"]),
            env_secret("UPLOAD_KEY", second, ["*.upload.example"], header=False, body=True),
        )
        agent = http.post(
            "/v1/agents",
            json={
                "name": "secrets",
                "model": "mango-offline-1",
                "tools": [{"type": "agent_toolset_20260401"}],
            },
        )
        body = {"agent": agent.json()["id"], "environment_id": env_id, "vault_ids": [vault_a, vault_b]}
        sid = http.post("/v1/sessions", json=body).json()["id"]
        with bearer(mango_platform, env_key(mango_platform, mango_tenant, env_id)) as worker:
            say(http, sid, BASH)
            work = poll(worker, env_id)
            path = f"/v1/environments/{env_id}/work/{work['id']}/secrets"
            assert worker.get(path).status_code == 409  # claimed, not yet acknowledged
            assert worker.post(f"/v1/environments/{env_id}/work/{work['id']}/ack").status_code == 200
            answer = worker.get(path)
            assert answer.status_code == 200, answer.text
            found = {s["secret_name"]: s for s in answer.json()["data"]}
            assert answer.json()["type"] == "work_secrets"
            assert set(found) == {"SEARCH_KEY", "UPLOAD_KEY"}  # the static_bearer token is not an env secret
            assert found["SEARCH_KEY"]["secret_value"] == first  # vault_ids order: the first vault wins
            assert found["SEARCH_KEY"]["allowed_hosts"] == ["api.search.example"]
            assert found["SEARCH_KEY"]["injection_location"] == {"header": True, "body": False}
            assert found["UPLOAD_KEY"]["secret_value"] == second
            assert found["UPLOAD_KEY"]["injection_location"] == {"header": False, "body": True}
            assert bearer_token not in answer.text
            assert shadowed not in answer.text
            # The container holds the session token: it must not read the values.
            with bearer(mango_platform, token_of(work)) as runner:
                assert runner.get(path).status_code in (401, 403)
            # Another Environment's key does not reach the item.
            other_env = new_environment(http, "secrets-other")
            with bearer(mango_platform, env_key(mango_platform, mango_tenant, other_env)) as stranger:
                assert stranger.get(path).status_code == 404
            stopped = http.post(f"/v1/environments/{env_id}/work/{work['id']}/stop", json={"force": True})
            assert stopped.status_code == 200, stopped.text
            refused = worker.get(path)
            assert refused.status_code == 409
            assert refused.json()["error"]["type"] == "conflict_error"
    logs = b"".join(p.read_bytes() for p in mango_platform.log_dir.rglob("*") if p.is_file())
    assert logs  # the roles' logs were found: the scan below means something
    for value in (first, shadowed, second, bearer_token):
        assert value.encode() not in logs
