"""Secrets never reach logs: issue an API key, an Environment key and a Work secret, use each the
way clients and workers do (including failures that log: revoked and forged credentials, a stale
session token, an SDK poller at DEBUG), then scan the api and orchestrator logs and the test
process's own log records for every value issued. (The platform fixture repeats the scan over the
logs of the whole run at its teardown.)"""

from __future__ import annotations

import logging
import time

import pytest
from mango.lib import WorkPoller
from mango_server.devstack import Platform, Tenant
from mango_server.devstack._leaks import find_leaks

from ._client import client, say
from .test_work import BASH, bearer, env_key, heartbeat, new_environment, new_session, token_of

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def test_issued_credentials_never_reach_the_logs(
    mango_platform: Platform, mango_tenant: Tenant, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    issued = [mango_tenant.api_key]
    with client(mango_platform, mango_tenant) as http:
        env_id = new_environment(http, "leaks")
        sid = new_session(http, env_id)
        key = env_key(mango_platform, mango_tenant, env_id)
        issued.append(key)
        say(http, sid, BASH)
        poller = WorkPoller(base_url=mango_platform.base_url, environment_id=env_id, environment_key=key)
        work = next(iter(poller))
        poller.close()
        assert work.secret
        issued += [work.secret, token_of({"secret": work.secret})]
        logging.getLogger("mango.test").debug("polled work=%r", work)
        token = token_of({"secret": work.secret})
        with bearer(mango_platform, token) as runner:
            assert heartbeat(runner, env_id, work.id, "NO_HEARTBEAT").status_code == 200
            assert runner.get(f"/v1/sessions/{sid}").status_code == 200
            assert runner.get("/v1/agents").status_code == 403
        with bearer(mango_platform, key + "x") as forged:
            assert forged.get(f"/v1/environments/{env_id}/work/stats").status_code == 401
        with bearer(mango_platform, "mango_sk_" + "f" * 40) as forged:
            assert forged.get("/v1/agents").status_code == 401
        assert http.post(f"/v1/environments/{env_id}/work/{work.id}/stop", json={"force": True}).status_code == 200
        with bearer(mango_platform, token) as stale:
            assert stale.get(f"/v1/sessions/{sid}").status_code == 401
    time.sleep(1.0)  # let the roles flush what they logged about these requests
    paths = [*mango_platform.log_dir.glob("*.log"), *(mango_platform.stack.state_dir / "logs").glob("*.log")]
    assert {p.name for p in paths} >= {"api.log", "orchestrator.log"}
    own = mango_platform.log_dir / "test-process.log"
    own.write_text(caplog.text)
    try:
        assert find_leaks([*paths, own], issued) == []
    finally:
        own.unlink()
