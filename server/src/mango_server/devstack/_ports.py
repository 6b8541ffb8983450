"""Port choice for the embedded services, remembered in ``state_dir/ports.json``.

Responsible for: picking one loopback TCP port per named listener (a remembered port first,
then the stable default or an explicit one, then a free port) and saving the choice so a
restart on the same state directory reuses it. Not responsible for: binding the ports (the
services do; a port found free here can still be taken before the service binds it).
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal

log = logging.getLogger(__name__)

HOST = "127.0.0.1"

PortPolicy = Literal["default", "free"]

# Stable ports for `mango dev`, so clients configured once keep working across restarts.
DEFAULT_PORTS: Mapping[str, int] = {
    "postgres": 54329,
    "temporal": 7233,
    "temporal_http": 7243,
    "temporal_metrics": 7253,
    "nats": 4222,
    "s3": 8333,
    "s3_grpc": 18333,
    "seaweed_master": 9333,
    "seaweed_master_grpc": 19333,
    "seaweed_volume": 9340,
    "seaweed_volume_grpc": 19340,
    "seaweed_filer": 8888,
    "seaweed_filer_grpc": 18888,
    "seaweed_admin": 23646,
    "seaweed_admin_grpc": 33646,
}


def port_is_free(port: int) -> bool:
    """Whether a listener could bind ``127.0.0.1:port`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # The services set SO_REUSEADDR too, so a port in TIME_WAIT after our own stop counts as free.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, port))
        except OSError:
            return False
    return True


# Free ports are drawn from below the kernel's ephemeral range: a port the kernel hands out for
# ``bind(0)`` is also what it gives outgoing connections as their source port, so on a busy
# machine one can be taken between the choice and the service's bind.
_FREE_RANGE_START = 20000


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def free_port(avoid: Iterable[int] = ()) -> int:
    """A port free on 127.0.0.1 right now, below the ephemeral range, not in ``avoid`` or the defaults."""
    avoided = set(avoid) | set(DEFAULT_PORTS.values())
    end = _ephemeral_start()
    if end - _FREE_RANGE_START >= 1000:
        for _ in range(200):
            port = random.randrange(_FREE_RANGE_START, end)
            if port not in avoided and port_is_free(port):
                return port
    for _ in range(50):  # a machine whose ephemeral range leaves no room below it
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind((HOST, 0))
            port = int(sock.getsockname()[1])
        if port not in avoided:
            return port
    raise RuntimeError("could not find a free TCP port on 127.0.0.1")


def resolve_ports(
    state_dir: Path,
    names: Iterable[str],
    policy: PortPolicy | Mapping[str, int] = "default",
) -> dict[str, int]:
    """Choose a port for each name and save the result to ``state_dir/ports.json``.

    Args:
        state_dir: The stack's state directory.
        names: Listener names (keys of :data:`DEFAULT_PORTS`).
        policy: ``"default"`` prefers the stable ports, ``"free"`` takes any free port, a mapping
            pins the listed names to exact ports (failing if one is taken) and treats the rest
            as ``"default"``. A port remembered from an earlier start wins unless pinned.
    """
    pinned: Mapping[str, int] = policy if not isinstance(policy, str) else {}
    remembered = _load(state_dir)
    chosen: dict[str, int] = {}
    for name in names:
        chosen[name] = _choose(name, pinned, remembered, policy, chosen.values())
    _save(state_dir, {**remembered, **chosen})
    return chosen


def _choose(
    name: str,
    pinned: Mapping[str, int],
    remembered: Mapping[str, int],
    policy: PortPolicy | Mapping[str, int],
    taken: Iterable[int],
) -> int:
    taken = set(taken)
    if name in pinned:
        port = pinned[name]
        if port in taken or not port_is_free(port):
            raise RuntimeError(f"port {port} for {name} is already in use on {HOST}")
        return port
    candidates = [remembered.get(name), None if policy == "free" else DEFAULT_PORTS.get(name)]
    for candidate in candidates:
        if candidate is not None and candidate not in taken and port_is_free(candidate):
            return candidate
    port = free_port(taken)
    if policy != "free":
        log.info("default port taken, using a free one name=%s port=%s", name, port)
    return port


def _load(state_dir: Path) -> dict[str, int]:
    path = state_dir / "ports.json"
    with contextlib.suppress(FileNotFoundError, ValueError):
        data = json.loads(path.read_text())
        if isinstance(data, dict):
            return {str(k): int(v) for k, v in data.items() if isinstance(v, int)}
    return {}


def _save(state_dir: Path, ports: Mapping[str, int]) -> None:
    state_dir.mkdir(parents=True, exist_ok=True)
    tmp = state_dir / "ports.json.tmp"
    tmp.write_text(json.dumps(dict(sorted(ports.items())), indent=2) + "\n")
    tmp.replace(state_dir / "ports.json")
