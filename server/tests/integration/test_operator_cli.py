"""Operator commands: Workspaces and keys from the CLI; a revoked key stops working at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import httpx
import pytest
from mango_server.devstack import Platform

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def mango(platform: Platform, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mango_server", *args],
        env={**os.environ, **platform.env()},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_keys_are_created_listed_and_revoked(mango_platform: Platform) -> None:
    workspace = json.loads(mango(mango_platform, "workspace", "create", "--name", "ops"))
    issued = json.loads(mango(mango_platform, "api-key", "create", "--workspace", workspace["id"], "--name", "ci"))
    key = issued["key"]
    headers = {"authorization": f"Bearer {key}"}
    with httpx.Client(base_url=mango_platform.base_url, headers=headers, timeout=30) as http:
        assert http.get("/v1/agents").status_code == 200
        listing = mango(mango_platform, "api-key", "list", "--workspace", workspace["id"])
        assert issued["id"] in listing
        assert key not in listing  # only a hint of the key is ever shown again
        assert "active" in listing
        mango(mango_platform, "api-key", "revoke", issued["id"])
        refused = http.get("/v1/agents")
        assert refused.status_code == 401
        assert refused.json()["error"]["type"] == "authentication_error"
        assert key not in refused.text
        assert "revoked" in mango(mango_platform, "api-key", "list", "--workspace", workspace["id"])


def test_environment_key_reaches_only_its_queue(mango_platform: Platform) -> None:
    workspace = json.loads(mango(mango_platform, "workspace", "create", "--name", "ops-env"))
    key = json.loads(mango(mango_platform, "api-key", "create", "--workspace", workspace["id"]))["key"]
    with httpx.Client(base_url=mango_platform.base_url, headers={"authorization": f"Bearer {key}"}) as http:
        env_id = http.post("/v1/environments", json={"name": "queue"}).json()["id"]
    env_key = json.loads(
        mango(mango_platform, "environment-key", "create", "--workspace", workspace["id"], "--environment", env_id)
    )["key"]
    with httpx.Client(base_url=mango_platform.base_url, headers={"authorization": f"Bearer {env_key}"}) as worker:
        assert worker.get(f"/v1/environments/{env_id}/work/poll", params={"block_ms": 0}).status_code == 204
        assert worker.get(f"/v1/environments/{env_id}/work/stats").status_code == 200
        assert worker.get("/v1/agents").status_code == 403
        listing = mango(
            mango_platform, "environment-key", "list", "--workspace", workspace["id"], "--environment", env_id
        )
        [key_id] = [line.split("\t")[0] for line in listing.splitlines()]
        mango(mango_platform, "environment-key", "revoke", key_id)
        assert worker.get(f"/v1/environments/{env_id}/work/poll", params={"block_ms": 0}).status_code == 401
