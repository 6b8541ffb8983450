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
from mango_worker.engine import EngineUnavailable, running_engine


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
