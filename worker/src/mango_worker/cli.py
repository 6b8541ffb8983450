"""The ``mango-worker`` command.

- ``mango-worker docker``: the trusted supervisor. Polls and Acks one Environment's Work with an
  Environment key read from ``MANGO_ENVIRONMENT_KEY`` or ``--environment-key-file`` (never from an
  argument: ``/proc/<pid>/cmdline`` is readable by every local user), starts the API forwarder
  (:mod:`mango_worker.forwarder`) and runs one hardened container per item. Tool containers have no
  network unless the operator passes ``--tool-network host``, or ``--tool-network proxy`` (still no
  network, plus a per-item egress proxy: :mod:`mango_worker.item_egress`, ``--egress-allow``,
  ``--egress-upstream-ca``). SIGTERM or Ctrl+C stops polling and
  gives running containers their grace period; it then stops the forwarder and exits 0.
- ``mango-worker image build``: builds the runtime image offline (see ``docs/docker-worker.md``).

Options are read once here into frozen objects; nothing reads the environment later. Not
responsible for the container contract (:mod:`mango_worker.container`) or for the Work protocol
(the SDK worker kit).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from ._logging import configure_logging
from .container import TOOL_NETWORKS, Limits, Network, parse_memory
from .egress_policy import parse_allow
from .forwarder import target_of
from .image import DEFAULT_REPOSITORY, build_image

if TYPE_CHECKING:
    from mango import AsyncMango

    from .forwarder import ApiForwarder
    from .supervisor import WorkItem

__all__ = ["main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``mango-worker``."""
    root = argparse.ArgumentParser(prog="mango-worker", description="Mango's reference Docker worker.")
    root.add_argument("--version", action="version", version=f"mango-worker {__version__}")
    root.add_argument("--log-level", default="INFO")
    root.add_argument("--log-format", choices=("text", "json"), default="text")
    commands = root.add_subparsers(dest="command", required=True)

    docker = commands.add_parser("docker", help="poll an Environment and run each Work item in a container")
    docker.add_argument("--base-url", default=os.environ.get("MANGO_BASE_URL"), help="API base URL (MANGO_BASE_URL)")
    docker.add_argument("--environment-id", default=os.environ.get("MANGO_ENVIRONMENT_ID"), help="MANGO_ENVIRONMENT_ID")
    docker.add_argument(
        "--environment-key-file",
        type=Path,
        default=None,
        help="file holding the Environment key (or MANGO_ENVIRONMENT_KEY)",
    )
    # Refused with a pointer to the safe ways: a key in argv is visible in /proc to every local user.
    docker.add_argument("--environment-key", default=None, help=argparse.SUPPRESS)
    docker.add_argument("--image", default=f"{DEFAULT_REPOSITORY}:latest")
    docker.add_argument("--workspace-root", type=Path, default=None, help="host dir of per-Session workspaces")
    docker.add_argument("--cpus", type=float, default=1.0)
    docker.add_argument("--memory", default="1g")
    docker.add_argument("--pids", type=int, default=256)
    docker.add_argument("--tmp-size", default="64m")
    docker.add_argument("--memory-mount-size", default="64m", help="tmpfs size of /mnt/memory (Memory Stores)")
    docker.add_argument(
        "--workspace-quota", default="10g", help="most disk space one Session's workspace may use ('off' for none)"
    )
    docker.add_argument(
        "--workspace-quota-interval", type=float, default=5.0, help="seconds between workspace size checks"
    )
    docker.add_argument(
        "--tool-deadline", type=float, default=60.0, help="seconds a read/write/edit/glob/grep call may take"
    )
    docker.add_argument("--max-concurrency", type=int, default=4, help="containers running at once")
    docker.add_argument("--stop-grace", type=float, default=120.0, help="seconds between SIGTERM and SIGKILL")
    docker.add_argument("--max-idle", type=float, default=60.0, help="seconds an idle Session keeps its container")
    docker.add_argument("--worker-id", default=None)
    docker.add_argument("--drain", action="store_true", help="exit once the queue is empty and items are done")
    docker.add_argument(
        "--tool-network",
        choices=TOOL_NETWORKS,
        default="none",
        help=(
            "network of tool containers; 'host' trusts the agent with every service on the host's loopback; "
            "'proxy' gives tools only the supervisor's egress proxy (HTTP(S) to allowed hosts, secrets substituted)"
        ),
    )
    docker.add_argument(
        "--egress-allow",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="with --tool-network proxy: a host tools may reach besides their credentials' hosts "
        "(repeatable; '*.' wildcards; ports 80/443 unless given; a private or loopback address only as IP:PORT)",
    )
    docker.add_argument(
        "--egress-upstream-ca",
        type=Path,
        default=None,
        help="with --tool-network proxy: an extra CA file the proxy trusts for upstream HTTPS servers",
    )

    image = commands.add_parser("image", help="manage the runtime image")
    image_commands = image.add_subparsers(dest="image_command", required=True)
    build = image_commands.add_parser("build", help="build the runtime image offline")
    build.add_argument("--repository", default=DEFAULT_REPOSITORY)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``mango-worker``; returns the exit code."""
    args = parser().parse_args(argv)
    configure_logging(args.log_level, args.log_format)
    if args.command == "image":
        print(build_image(args.repository))
        return 0
    try:
        limits = Limits(
            cpus=args.cpus,
            memory=args.memory,
            pids=args.pids,
            tmp_size=args.tmp_size,
            memory_mount_size=args.memory_mount_size,
        )
        quota = _quota_bytes(args.workspace_quota, args.workspace_quota_interval)
        if not args.tool_deadline > 0:
            raise ValueError(f"--tool-deadline must be positive, got {args.tool_deadline}")
        _check_egress(args)
    except ValueError as exc:
        print(f"mango-worker: {exc}", file=sys.stderr)
        return 2
    for flag, value in (("--base-url / MANGO_BASE_URL", args.base_url), ("--environment-id", args.environment_id)):
        if not value:
            print(f"mango-worker: {flag} is required", file=sys.stderr)
            return 2
    try:
        target_of(args.base_url)
    except ValueError as exc:
        print(f"mango-worker: {exc}", file=sys.stderr)
        return 2
    key = _environment_key(args)
    if not key:
        return 2
    return asyncio.run(_run_docker(args, limits, key, quota))


def _environment_key(args: argparse.Namespace) -> str | None:
    """The Environment key from ``--environment-key-file`` or ``MANGO_ENVIRONMENT_KEY``; None after an error."""
    if args.environment_key is not None:
        print(
            "mango-worker: --environment-key would show the key in the process list; "
            "set MANGO_ENVIRONMENT_KEY or pass --environment-key-file",
            file=sys.stderr,
        )
        return None
    if args.environment_key_file is not None:
        try:
            key = str(args.environment_key_file.read_text(encoding="utf-8")).strip()
        except OSError as exc:
            print(f"mango-worker: cannot read --environment-key-file: {exc.strerror}", file=sys.stderr)
            return None
    else:
        key = os.environ.get("MANGO_ENVIRONMENT_KEY", "").strip()
    if not key:
        print("mango-worker: MANGO_ENVIRONMENT_KEY or --environment-key-file is required", file=sys.stderr)
        return None
    return key


def _check_egress(args: argparse.Namespace) -> None:
    """The egress options are for the proxy tool network only, and must parse."""
    if args.tool_network != "proxy" and (args.egress_allow or args.egress_upstream_ca is not None):
        raise ValueError("--egress-allow and --egress-upstream-ca need --tool-network proxy")
    for entry in args.egress_allow:
        parse_allow(entry)
    if args.egress_upstream_ca is not None and not args.egress_upstream_ca.is_file():
        raise ValueError(f"--egress-upstream-ca: {args.egress_upstream_ca} is not a file")


def _quota_bytes(value: str, interval: float) -> int | None:
    if not interval > 0:
        raise ValueError(f"--workspace-quota-interval must be positive, got {interval}")
    return None if value.strip().lower() == "off" else parse_memory(value)


async def _run_docker(args: argparse.Namespace, limits: Limits, key: str, quota: int | None) -> int:
    import docker

    from .forwarder import ApiForwarder

    # The forwarder outlives the supervisor loop: every container is removed before it stops.
    with ApiForwarder(args.base_url, log_format=args.log_format) as forwarder:
        watchdog = asyncio.create_task(_watch(forwarder))
        try:
            return await _supervise(args, limits, key, quota, forwarder, docker.from_env())
        finally:
            watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watchdog


async def _watch(forwarder: ApiForwarder, interval: float = 2.0) -> None:
    """Restart the forwarder if its process ends, so later items (and running ones) reach the API again."""
    while True:
        await asyncio.sleep(interval)
        await asyncio.to_thread(forwarder.ensure_running)


async def _supervise(
    args: argparse.Namespace, limits: Limits, key: str, quota: int | None, forwarder: ApiForwarder, client: Any
) -> int:
    from mango import AsyncMango
    from mango.lib import WorkPoller

    from .item_egress import EgressProvider
    from .launcher import DockerLauncher
    from .quota import WorkspaceQuota
    from .supervisor import Supervisor
    from .teardown import SessionTeardown

    poller = WorkPoller(
        base_url=args.base_url,
        environment_id=args.environment_id,
        environment_key=key,
        worker_id=args.worker_id,
        drain=args.drain,
    )
    network = Network(str(forwarder.socket_dir), tools=args.tool_network)
    launcher = DockerLauncher(
        client,
        args.image,
        limits,
        network,
        stop_grace=args.stop_grace,
        max_idle=args.max_idle,
        quota=None if quota is None else WorkspaceQuota(quota, interval=args.workspace_quota_interval, client=client),
        tool_deadline=args.tool_deadline,
    )
    api = AsyncMango(base_url=args.base_url, api_key=key)
    egress = None
    if args.tool_network == "proxy":
        upstream_ca = str(args.egress_upstream_ca) if args.egress_upstream_ca is not None else None
        allow = [parse_allow(entry) for entry in args.egress_allow]
        egress = EgressProvider(api, allow=allow, upstream_ca_file=upstream_ca)
    supervisor = Supervisor(
        poller,
        launcher,
        base_url=args.base_url,
        workspace_root=args.workspace_root,
        max_concurrency=args.max_concurrency,
        report_health=_health_reporter(api, client, args.image, poller.worker_id, forwarder),
        tear_down=SessionTeardown(client, args.workspace_root, args.base_url),
        egress=egress,
    )

    def stop() -> None:
        poller.stop()
        supervisor.shutdown()

    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop)
    try:
        await supervisor.run()
    finally:
        await poller.aclose()
        await api.close()
        client.close()
    return 0


def _health_reporter(
    api: AsyncMango, engine: Any, image: str, worker_id: str, forwarder: ApiForwarder
) -> Callable[[WorkItem], Awaitable[None]]:
    """Answer healthcheck Work with a bounded local probe: the engine answers, the image exists and
    the forwarder (the containers' only way to the API) runs."""

    def probe() -> tuple[str, str]:
        try:
            engine.ping()
            engine.images.get(image)
        except Exception as exc:
            return "unhealthy", f"docker probe failed: {type(exc).__name__}"
        if not forwarder.running:
            return "unhealthy", "the API forwarder is not running (restarting)"
        return "healthy", f"docker engine reachable, image {image} present, API forwarder running"

    async def report(item: WorkItem) -> None:
        status, message = await asyncio.to_thread(probe)
        await api.environments.work.healthcheck.result(
            item.environment_id,
            item.id,
            status=status,
            message=message[:2048],
            worker_id=worker_id,
            worker_version=__version__,
        )

    return report


if __name__ == "__main__":
    sys.exit(main())
