"""On a real engine: the hardened container spec runs, and a Bash child of the non-dumpable item
runner cannot read the runner's environment or memory through /proc (it can without prctl)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mango_worker.container import ItemIds, Limits, Network, container_config
from mango_worker.launcher import DockerLauncher
from mango_worker.workspace import prepare_workspace

pytestmark = [pytest.mark.docker, pytest.mark.timeout(600)]

# Reads the framed secret like the item runner, puts it where a careless runner might keep it
# (its environment and memory), then lets a same-uid Bash child try /proc on its parent.
PROBE = """
import json, os, subprocess, sys
from mango_worker.item_runner import make_non_dumpable, read_framed_secret
if sys.argv[1] == "protected":
    make_non_dumpable()
secret = read_framed_secret(0)
env = dict(os.environ, LEAKED_SECRET=secret)
child = subprocess.run(
    ["bash", "-c", 'cat /proc/$PPID/environ >/dev/null 2>&1; echo "environ=$?"; '
     'head -c1 /proc/$PPID/mem >/dev/null 2>&1; echo "mem=$?"; ls /proc/$PPID/fd >/dev/null 2>&1; echo "fd=$?"'],
    env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
)
print(json.dumps(dict(line.split("=") for line in child.stdout.split())))
"""


def network_in(parent: Path) -> Network:
    """A socket directory with nothing listening: these containers never call the API."""
    directory = parent / "api"
    directory.mkdir(exist_ok=True)
    return Network(str(directory))


def run_probe(client: Any, image: str, workspace: Path, mode: str) -> dict[str, str]:
    ids = ItemIds("work_probe_" + mode, "env_probe", "sesn_probe", "http://127.0.0.1:9")
    config = container_config(image, ids, Limits(memory="256m", pids=64), str(workspace), network=network_in(workspace))
    config["command"] = ["python3", "-c", PROBE, mode]
    container = client.containers.create(**config)
    try:
        DockerLauncher._start_and_feed(container, b"12\nprobe-secret")
        assert container.wait(timeout=60)["StatusCode"] == 0, container.logs()[-500:]
        output = container.logs(stdout=True, stderr=False).decode()
    finally:
        container.remove(force=True)
    result: dict[str, str] = json.loads(output.strip().splitlines()[-1])
    return result


def test_bash_child_cannot_read_non_dumpable_runner(docker_engine: Any, runtime_image: str, tmp_path: Path) -> None:
    workspace = prepare_workspace("sesn_probe", tmp_path)
    protected = run_probe(docker_engine, runtime_image, Path(workspace.source), "protected")
    assert protected == {"environ": "1", "mem": "1", "fd": "2"}
    # Control: the same child reads an ordinary same-uid parent, so the check above is meaningful.
    exposed = run_probe(docker_engine, runtime_image, Path(workspace.source), "exposed")
    assert exposed["environ"] == "0"


def test_hardened_container_is_what_the_spec_says(docker_engine: Any, runtime_image: str, tmp_path: Path) -> None:
    workspace = prepare_workspace("sesn_spec", tmp_path)
    ids = ItemIds("work_spec", "env_spec", "sesn_spec", "http://127.0.0.1:9")
    limits = Limits(memory="256m", pids=64, tmp_size="8m")
    config = container_config(runtime_image, ids, limits, workspace.source, network=network_in(tmp_path))
    config["command"] = [
        "bash",
        "-c",
        "id -u; grep CapEff /proc/self/status; grep NoNewPrivs /proc/self/status; "
        "touch /etc/x 2>/dev/null && echo rootfs=rw || echo rootfs=ro; "
        "echo hi > /workspace/kept && echo workspace=rw; df -k /tmp | tail -1; "
        "test -e /var/run/docker.sock && echo sock=yes || echo sock=no",
    ]
    config["stdin_open"] = False
    container = docker_engine.containers.create(**config)
    try:
        container.start()
        assert container.wait(timeout=60)["StatusCode"] == 0
        out = container.logs().decode()
        attrs = container.attrs["HostConfig"]
    finally:
        container.remove(force=True)
    lines = out.split("\n")
    assert lines[0] == "65532"
    assert "CapEff:\t0000000000000000" in out
    assert "NoNewPrivs:\t1" in out
    assert "rootfs=ro" in out
    assert "workspace=rw" in out
    assert "sock=no" in out
    assert (Path(workspace.source) / "kept").read_text() == "hi\n"
    assert attrs["NetworkMode"] == "none"
    assert attrs["PidsLimit"] == 64
    assert attrs["Memory"] == 256 * 1024**2
