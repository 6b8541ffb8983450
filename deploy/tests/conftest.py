"""Fixtures for the delivery tests: a Docker engine and the control-plane image (built or reused).

The engine comes from ``mango_worker.engine.running_engine`` (the one the worker tests use: reuse
``/var/run/docker.sock`` or start ``dockerd --bridge=none --iptables=false``); without one, image
tests are skipped with the reason. The image is built by ``worker/image/build.sh`` with the
``control-plane`` role, cached exactly like the worker image, so a second run reuses it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from mango_worker.engine import EngineUnavailable, running_engine
from mango_worker.image import build_image


@pytest.fixture(scope="session")
def docker_engine() -> Iterator[Any]:
    """A ``docker.DockerClient`` for a running engine; skips the test when none can be started."""
    try:
        with running_engine() as client:
            yield client
    except EngineUnavailable as exc:
        pytest.skip(f"no Docker engine: {exc}")


@pytest.fixture(scope="session")
def control_plane_image(docker_engine: Any) -> str:
    """``mango-control-plane:<content hash>``, built once per session (seconds when cached)."""
    started = time.monotonic()
    image = build_image("mango-control-plane", role="control-plane")
    print(f"control-plane image {image} ready in {time.monotonic() - started:.1f}s")
    return image
