"""Real platform + real Docker: a tool container has no way to the host's control plane.

By default (``--tool-network none``) the agent's Bash cannot open a TCP connection to PostgreSQL,
NATS, Temporal, S3 or the API port on 127.0.0.1, yet the item serves its calls and Stops, through
the supervisor's forwarder socket only. The control case runs the same probe with
``--tool-network host`` and reaches every one of those ports, so the first result means isolation
and not a broken probe.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mango_server.devstack import DevStack, Platform

from .sessions import (
    Setup,
    bash_lines,
    new_session,
    results,
    running_worker,
    say,
    text_of,
    wait_for,
    wait_idle,
)

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.docker, pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.fixture
def control_plane(mango_services: DevStack, mango_platform: Platform) -> dict[str, int]:
    """The loopback ports a prompt-injected agent would go for."""
    return {
        "postgres": mango_services.postgres.port,
        "nats": mango_services.nats.port,
        "temporal": mango_services.temporal.port,
        "s3": mango_services.s3.port,
        "api": mango_platform.api_port,
    }


def probe(ports: dict[str, int]) -> str:
    """A Bash line that tries a TCP connect to each port and prints ``name=open`` or ``name=closed``."""
    tries = (
        f"timeout 3 bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null && echo {name}=open || echo {name}=closed"
        for name, port in ports.items()
    )
    return "; ".join(tries)


def probe_from_a_tool(
    platform: Platform, setup: Setup, image: str, tmp_path: Path, ports: dict[str, int], *options: str
) -> tuple[dict[str, str], Any]:
    session_id = new_session(setup, "network")
    log_path = tmp_path / "worker.log"
    with running_worker(platform, setup, image, tmp_path / "ws", log_path, *options) as worker:
        say(setup.http, session_id, bash_lines(probe(ports), "echo answered > /workspace/done.txt"))
        wait_idle(setup.http, session_id, "end_turn")
        wait_for(lambda: worker.actions("item.completed"), "the item to complete")
        assert worker.terminate() == 0
    answered = list(results(setup.http, session_id).values())
    assert len(answered) == 2
    assert not any(result["is_error"] for result in answered), answered
    assert (tmp_path / "ws" / session_id / "done.txt").read_text() == "answered\n"
    lines = next(text_of(r) for r in answered if "=" in text_of(r)).split()
    return dict(line.split("=", 1) for line in lines), worker


def test_tools_reach_no_control_plane_port_and_the_item_completes_through_the_forwarder(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path, control_plane: dict[str, int]
) -> None:
    reached, worker = probe_from_a_tool(mango_platform, setup, runtime_image, tmp_path, control_plane)
    assert reached == dict.fromkeys(control_plane, "closed")
    # The item heartbeated, posted both results and Stopped: all of it through the socket.
    assert [r["exit_code"] for r in worker.actions("container.exited")] == [0]
    assert worker.actions("forwarder.started")


def test_control_with_host_network_the_same_probe_reaches_every_port(
    mango_platform: Platform, setup: Setup, runtime_image: str, tmp_path: Path, control_plane: dict[str, int]
) -> None:
    reached, _ = probe_from_a_tool(
        mango_platform, setup, runtime_image, tmp_path, control_plane, "--tool-network", "host"
    )
    assert reached == dict.fromkeys(control_plane, "open")
