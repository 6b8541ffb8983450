"""The hardened container specification for one Work item, and the stdin framing of its secret.

Pure functions and frozen dataclasses: :func:`container_config` turns a :class:`Limits`, a
:class:`Network`, an image and one item's non-secret ids into the keyword arguments of
``docker.containers.create``. The runtime contract it encodes is the security boundary of the
reference launcher:

- uid/gid 65532, read-only root filesystem, every capability dropped, ``no-new-privileges``;
- CPU, memory (no extra swap) and PID limits, and a bounded ``noexec`` tmpfs on ``/tmp``;
- no network by default (``network_mode: none``): the item runner reaches the API only through the
  supervisor's forwarder socket, whose directory is mounted read-only at ``/run/mango``; host
  networking for the tools is an explicit operator choice (never a bridge network), and so is
  the ``proxy`` mode: still no network, plus the item's egress proxy socket and CA bundle mounted
  read-only at ``/run/mango-egress``, ``HTTP(S)_PROXY`` pointing at the item runner's loopback
  relay, and each ``environment_variable`` secret's variable holding a placeholder;
- no Docker socket or other host path except the Session's own workspace at ``/workspace`` and
  that socket directory;
- a bounded tmpfs at ``/mnt/memory`` (owned by the container user) where the item runner mirrors
  the Session's Memory Stores; it lives for one activation, because every activation downloads the
  stores again from the server, which is their source of truth;
- the per-Work secret is absent from the environment, command, labels and hostname: it reaches the
  item runner only through :func:`frame_secret` on a one-shot attached stdin;
- the item runner's exit code says how the item ended (:data:`EXIT_OUTCOMES`, :func:`outcome_of`).

Not responsible for: talking to Docker (:mod:`mango_worker.launcher`), the forwarder behind the
socket (:mod:`mango_worker.forwarder`) or preparing the workspace directory
(:mod:`mango_worker.workspace`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "API_SOCKET",
    "API_SOCKET_DIR",
    "API_SOCKET_NAME",
    "CONTAINER_UID",
    "EGRESS_BUNDLE",
    "EGRESS_MOUNT",
    "EGRESS_PORT",
    "EXIT_BAD_INPUT",
    "EXIT_CANCELLED",
    "EXIT_COMPLETED",
    "EXIT_ERROR",
    "EXIT_FAILED",
    "EXIT_LEASE_LOST",
    "EXIT_OUTCOMES",
    "EXIT_UNFINISHED",
    "ITEM_RUNNER_COMMAND",
    "MAX_SECRET_BYTES",
    "MEMORY_ROOT",
    "TOOL_NETWORKS",
    "WORKDIR",
    "EgressMount",
    "ItemIds",
    "Limits",
    "Network",
    "container_config",
    "frame_secret",
    "outcome_of",
    "parse_memory",
    "reserved_variable",
]

CONTAINER_UID = 65532
WORKDIR = "/workspace"
MEMORY_ROOT = "/mnt/memory"
API_SOCKET_DIR = "/run/mango"
API_SOCKET_NAME = "api.sock"
API_SOCKET = f"{API_SOCKET_DIR}/{API_SOCKET_NAME}"
# "host" trusts the agent with every service on the host's loopback; "proxy" keeps the container
# without a network and gives its tools the supervisor's egress proxy; bridge networks are never used.
TOOL_NETWORKS = ("none", "host", "proxy")
EGRESS_MOUNT = "/run/mango-egress"
EGRESS_PORT = 3128
EGRESS_BUNDLE = f"{EGRESS_MOUNT}/ca-bundle.pem"
# Variables an environment_variable secret may not be named after: the container contract's own.
PROXY_VARIABLES = (
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "http_proxy",
    "https_proxy",
    "SSL_CERT_FILE",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "NODE_EXTRA_CA_CERTS",
)
ITEM_RUNNER_COMMAND = ("python3", "-m", "mango_worker.item_runner")
MAX_SECRET_BYTES = 8192
LABEL_PREFIX = "dev.mango.worker"

# The item runner's exit codes: one per way an item can end. The supervisor logs ``item.<outcome>``.
EXIT_COMPLETED = 0  # Stopped after the Session went idle, ended or was deleted
EXIT_ERROR = 1  # unexpected error; the item was not Stopped and is reclaimed when its lease expires
EXIT_BAD_INPUT = 2  # bad secret framing or container configuration
EXIT_LEASE_LOST = 3  # another worker owns the item now; nothing more was written
EXIT_FAILED = 4  # permanent input problem (e.g. a broken Skill): the Work was Failed
EXIT_UNFINISHED = 5  # transient input problem: not Stopped, left for reclaim
EXIT_CANCELLED = 143  # SIGTERM: one error result for a call cut short, then Stop
EXIT_OUTCOMES = {
    EXIT_COMPLETED: "completed",
    EXIT_ERROR: "error",
    EXIT_BAD_INPUT: "bad_input",
    EXIT_LEASE_LOST: "lease_lost",
    EXIT_FAILED: "failed",
    EXIT_UNFINISHED: "unfinished",
    EXIT_CANCELLED: "cancelled",
}

_MEMORY = re.compile(r"^(\d+)([kmg]?)b?$", re.IGNORECASE)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


@dataclass(frozen=True)
class Limits:
    """Resource limits of one item container."""

    cpus: float = 1.0
    memory: str = "1g"
    pids: int = 256
    tmp_size: str = "64m"
    memory_mount_size: str = "64m"

    def __post_init__(self) -> None:
        if not 0 < self.cpus <= 64:
            raise ValueError(f"cpus must be in (0, 64], got {self.cpus}")
        if self.pids < 16:
            raise ValueError(f"pids must be at least 16, got {self.pids}")
        parse_memory(self.memory)
        parse_memory(self.tmp_size)
        parse_memory(self.memory_mount_size)


@dataclass(frozen=True)
class Network:
    """How an item container reaches the API (always the forwarder socket), and what its tools reach."""

    api_socket_dir: str
    tools: str = "none"

    def __post_init__(self) -> None:
        if self.tools not in TOOL_NETWORKS:
            raise ValueError(f"tool network must be one of {', '.join(TOOL_NETWORKS)}, got {self.tools!r}")
        if not self.api_socket_dir.startswith("/"):
            raise ValueError(f"the API socket directory must be an absolute host path, got {self.api_socket_dir!r}")


@dataclass(frozen=True)
class EgressMount:
    """One item's egress proxy as its container sees it: the socket directory and the placeholder variables."""

    socket_dir: str
    variables: Mapping[str, str]


def reserved_variable(name: str) -> bool:
    """Whether a secret may not be named ``name`` in the container (the contract's own variables)."""
    return name.startswith("MANGO_") or name in PROXY_VARIABLES or name in _BASE_VARIABLES


_BASE_VARIABLES = frozenset({"HOME", "PATH", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PYTHONPATH", "LD_PRELOAD"})


@dataclass(frozen=True)
class ItemIds:
    """The non-secret identity of one Work item; safe for environment variables and labels."""

    work_id: str
    environment_id: str
    session_id: str
    base_url: str


def parse_memory(value: str) -> int:
    """Parse a Docker-style size (``512m``, ``1g``, ``65536``) into bytes."""
    match = _MEMORY.match(value.strip())
    if match is None or int(match.group(1)) <= 0:
        raise ValueError(f"not a size: {value!r} (examples: 512m, 1g)")
    return int(match.group(1)) * _UNITS[match.group(2).lower()]


def container_config(
    image: str,
    ids: ItemIds,
    limits: Limits,
    workspace: str,
    *,
    network: Network,
    max_idle: float = 60.0,
    tool_deadline: float = 60.0,
    egress: EgressMount | None = None,
) -> dict[str, Any]:
    """Keyword arguments for ``client.containers.create`` running the item runner for one item.

    Args:
        image: The runtime image reference.
        ids: The item's non-secret ids.
        limits: CPU, memory, PID, /tmp and /mnt/memory limits.
        workspace: A host directory (bind mount) or a Docker volume name.
        network: The forwarder's socket directory and the tools' network mode.
        max_idle: Seconds the item runner keeps an idle Session's item before ending it.
        tool_deadline: Seconds a ``read``/``write``/``edit``/``glob``/``grep`` call may take.
        egress: The item's egress proxy (required with the ``proxy`` tool network, refused otherwise).
    """
    memory = parse_memory(limits.memory)
    if (network.tools == "proxy") != (egress is not None):
        raise ValueError("the proxy tool network needs the item's egress proxy, and only it uses one")
    config: dict[str, Any] = {
        "image": image,
        "command": list(ITEM_RUNNER_COMMAND),
        "name": container_name(ids.work_id),
        "hostname": "mango-worker",
        "user": f"{CONTAINER_UID}:{CONTAINER_UID}",
        "working_dir": WORKDIR,
        "environment": {
            "MANGO_BASE_URL": ids.base_url,
            "MANGO_API_SOCKET": API_SOCKET,
            "MANGO_ENVIRONMENT_ID": ids.environment_id,
            "MANGO_WORK_ID": ids.work_id,
            "MANGO_SESSION_ID": ids.session_id,
            "MANGO_MAX_IDLE_SECONDS": f"{max_idle:g}",
            "MANGO_TOOL_DEADLINE_SECONDS": f"{tool_deadline:g}",
            "HOME": WORKDIR,
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONUNBUFFERED": "1",
        },
        "labels": {
            f"{LABEL_PREFIX}.work-id": ids.work_id,
            f"{LABEL_PREFIX}.environment-id": ids.environment_id,
            f"{LABEL_PREFIX}.session-id": ids.session_id,
        },
        # stdin_open without detach makes docker-py set AttachStdin and StdinOnce: the Engine closes
        # the item runner's stdin when the supervisor half-closes its one attach stream.
        "stdin_open": True,
        "detach": False,
        "tty": False,
        "read_only": True,
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges:true"],
        "privileged": False,
        "network_mode": "none" if network.tools == "proxy" else network.tools,
        "ipc_mode": "private",
        "nano_cpus": int(limits.cpus * 1_000_000_000),
        "mem_limit": memory,
        "memswap_limit": memory,
        "pids_limit": limits.pids,
        "tmpfs": {
            "/tmp": f"rw,noexec,nosuid,nodev,size={parse_memory(limits.tmp_size)},mode=1777",
            # Memory Stores: fresh for every activation (the kit downloads them from the server).
            MEMORY_ROOT: (
                f"rw,noexec,nosuid,nodev,size={parse_memory(limits.memory_mount_size)},"
                f"uid={CONTAINER_UID},gid={CONTAINER_UID},mode=0700"
            ),
        },
        "volumes": {
            workspace: {"bind": WORKDIR, "mode": "rw"},
            # Read-only: the container may connect to the socket but not replace it with its own.
            network.api_socket_dir: {"bind": API_SOCKET_DIR, "mode": "ro"},
        },
        "init": True,
        "auto_remove": False,
        "log_config": {"type": "json-file", "config": {"max-size": "1m", "max-file": "1"}},
    }
    if egress is not None:
        _add_egress(config, egress)
    return config


def _add_egress(config: dict[str, Any], egress: EgressMount) -> None:
    """Point the container's HTTP clients at the in-container relay and its TLS at the proxy's CA bundle."""
    clashing = [name for name in egress.variables if reserved_variable(name)]
    if clashing:
        raise ValueError(f"secret variables may not be named {', '.join(sorted(clashing))}")
    proxy = f"http://127.0.0.1:{EGRESS_PORT}"
    environment = config["environment"]
    environment.update(egress.variables)  # placeholders only: the values stay in the supervisor
    environment.update({name: proxy for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")})
    environment.update(
        {
            name: EGRESS_BUNDLE
            for name in ("SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "NODE_EXTRA_CA_CERTS")
        }
    )
    environment["MANGO_EGRESS_SOCKET"] = f"{EGRESS_MOUNT}/egress.sock"
    environment["MANGO_EGRESS_PORT"] = str(EGRESS_PORT)
    # The shell tool starts from a minimal environment: the item runner hands it these names.
    environment["MANGO_TOOL_VARIABLES"] = ",".join([*PROXY_VARIABLES, *egress.variables])
    # Read-only: the container may connect to the socket and read the bundle, not replace either.
    config["volumes"][egress.socket_dir] = {"bind": EGRESS_MOUNT, "mode": "ro"}


def container_name(work_id: str) -> str:
    """The container name of one Work item (unique per item; a restarted supervisor finds it)."""
    return "mango-work-" + re.sub(r"[^A-Za-z0-9_.-]", "_", work_id)[:100]


def outcome_of(exit_code: int) -> str:
    """The outcome name of an item runner exit code; ``killed`` for 137, ``crashed`` for anything unknown."""
    if exit_code in EXIT_OUTCOMES:
        return EXIT_OUTCOMES[exit_code]
    return "killed" if exit_code == 137 else "crashed"


def frame_secret(secret: str) -> bytes:
    """Length-frame the per-Work secret for the item runner's stdin: ``<decimal length>\\n<bytes>``."""
    data = secret.encode("utf-8")
    if not data or len(data) > MAX_SECRET_BYTES:
        raise ValueError(f"work secret must be 1..{MAX_SECRET_BYTES} bytes")
    return str(len(data)).encode("ascii") + b"\n" + data
