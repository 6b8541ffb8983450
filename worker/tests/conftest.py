"""Fixtures for worker tests: a Docker engine (reused or started), and the runtime image.

``docker_engine`` uses the engine behind ``/var/run/docker.sock`` when it answers. Otherwise it
installs ``docker.io`` when ``dockerd`` is missing (as root), starts ``dockerd --bridge=none
--iptables=false`` in the background, waits for the socket and, at the end of the session, stops
only the daemon it started (by pid). When no engine can be had, Docker tests are skipped with the
reason. ``runtime_image`` builds the image with ``worker/image/build.sh`` (cached; see the docs).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from mango_server.devstack import Platform, Tenant
from mango_worker.engine import EngineUnavailable, running_engine

from .sessions import Setup, create_environment


@pytest.fixture(scope="session")
def docker_engine() -> Iterator[Any]:
    """A ``docker.DockerClient`` for a running engine; skips the test when none can be started."""
    try:
        with running_engine() as client:
            yield client
    except EngineUnavailable as exc:
        pytest.skip(f"no Docker engine: {exc}")


@pytest.fixture(scope="session")
def runtime_image(docker_engine: Any) -> str:
    """The runtime image reference, built (or reused from the cache) once per session."""
    from mango_worker.image import build_image

    started = time.monotonic()
    image = build_image()
    print(f"runtime image {image} ready in {time.monotonic() - started:.1f}s")
    return image


@pytest.fixture
def setup(
    request: pytest.FixtureRequest, mango_platform: Platform, mango_tenant: Tenant, docker_engine: Any
) -> Iterator[Setup]:
    """An Environment with its key on the session's platform, named after the test module, and an API client.

    ``mango_platform`` and ``mango_tenant`` come from ``mango_server.devstack.pytest_plugin``, which
    the Docker test modules load.
    """
    import httpx

    platform, tenant = mango_platform, mango_tenant
    name = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_docker_").replace("_", "-")
    headers = {"authorization": f"Bearer {tenant.api_key}"}
    with httpx.Client(base_url=platform.base_url, headers=headers, timeout=30) as http:
        yield create_environment(platform, tenant, http, name)
