"""Rate limits on a platform of its own: a per-credential token bucket and a bound on the pollers of
an Environment, both answered 429 ``rate_limit_error`` with ``retry-after``."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from mango_server.devstack import DevStack, Platform

from ._client import client
from .test_work import bearer, env_key, new_environment

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]

BURST = 5
MAX_WORKERS = 2


@pytest.fixture(scope="module")
def limited_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    running = Platform(mango_services, tmp_path_factory.mktemp("rate-limited"))
    running.extra_env = {
        "MANGO_RATE_LIMIT_PER_SECOND": "2",
        "MANGO_RATE_LIMIT_BURST": str(BURST),
        "MANGO_WORK_POLL_MAX_WORKERS": str(MAX_WORKERS),
    }
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _assert_rate_limited(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["type"] == "error"
    assert body["error"]["type"] == "rate_limit_error"
    assert body["request_id"] == response.headers["request-id"]
    assert 1 <= int(response.headers["retry-after"]) <= 30


def test_a_key_past_its_burst_gets_429_then_recovers(limited_platform: Platform) -> None:
    tenant = limited_platform.create_tenant("burst")
    other = limited_platform.create_tenant("other")
    with client(limited_platform, tenant) as http, client(limited_platform, other) as other_http:
        statuses = [http.get("/v1/agents").status_code for _ in range(BURST)]
        assert statuses == [200] * BURST
        _assert_rate_limited(refused := http.get("/v1/agents"))
        # Refused before the body is read or anything is written.
        _assert_rate_limited(http.post("/v1/agents", json={"name": "never", "model": "mango-offline-1"}))
        assert other_http.get("/v1/agents").status_code == 200  # another key is not affected
        time.sleep(int(refused.headers["retry-after"]))
        listed = http.get("/v1/agents")
        assert listed.status_code == 200
        assert listed.json()["data"] == []
        # Unauthenticated liveness is not limited.
        assert all(http.get("/v1/health").status_code == 200 for _ in range(3 * BURST))


def test_an_environment_admits_a_bounded_number_of_distinct_workers(limited_platform: Platform) -> None:
    tenant = limited_platform.create_tenant("pollers")
    with client(limited_platform, tenant) as http:
        env_id = new_environment(http, "pollers")
        other_env = new_environment(http, "pollers-other")
    key = env_key(limited_platform, tenant, env_id)
    other_key = env_key(limited_platform, tenant, other_env)
    with bearer(limited_platform, key) as worker, bearer(limited_platform, other_key) as other_worker:
        # Five requests of the worker's key in all: exactly its burst, so its bucket never refuses here.
        def poll(worker_id: str, session: httpx.Client = worker, env: str = env_id) -> httpx.Response:
            return session.get(f"/v1/environments/{env}/work/poll?worker_id={worker_id}")

        assert [poll(f"w{n}").status_code for n in range(MAX_WORKERS)] == [204] * MAX_WORKERS
        refused = poll("w-extra")
        _assert_rate_limited(refused)
        assert "distinct workers" in refused.json()["error"]["message"]
        assert poll("w0").status_code == 204  # a known worker keeps polling
        assert poll("w-extra", other_worker, other_env).status_code == 204  # the bound is per Environment
        too_eager = worker.get(f"/v1/environments/{env_id}/work/poll?worker_id=w0&reclaim_older_than_ms=10")
        assert too_eager.status_code == 400
        assert too_eager.json()["error"]["type"] == "invalid_request_error"
