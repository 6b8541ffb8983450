"""The ``mango`` command: process roles and operator commands.

Roles: ``migrate``, ``api``, ``orchestrator``, ``dev``. Operator commands: ``workspace create|list|retention``,
``api-key create|list|revoke``, ``environment-key create``, ``session inspect``, ``keyring
generate|list|rotate|re-encrypt|retire``, ``admin backup|restore|retention run``. Client commands
(``MANGO_BASE_URL``, ``MANGO_API_KEY``): ``connect``, ``file upload|download``, ``skill upload``,
``webhook listen``. Settings come from ``MANGO_*`` variables (``docs/configuration.md``); every
role except ``migrate`` and ``dev`` refuses a schema outside this build's window (its own and the
next release's: ``store.migrate``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import signal
import sys
from collections.abc import Callable, Coroutine
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from mango_server import event_loop
from mango_server.domain.model_catalogue import CatalogueError
from mango_server.keyring import KeyringError
from mango_server.settings import Settings, SettingsError, load_settings
from mango_server.store.migrate import SchemaMismatchError, apply_migrations, check_schema
from mango_server.telemetry.logs import configure_logging

if TYPE_CHECKING:
    from mango_server.backup import Manifest, Restored

log = logging.getLogger("mango")
T = TypeVar("T")


def _observe(settings: Settings, role: str, metrics_port: int) -> None:
    """Start the role's metrics endpoint and tracer provider (both off unless configured)."""
    from mango_server.telemetry.metrics import serve_metrics
    from mango_server.telemetry.traces import configure_tracing

    serve_metrics(metrics_port, settings.metrics_host, role)
    configure_tracing(f"mango-{role}", settings.otlp_endpoint)


def _cmd_migrate(settings: Settings, args: argparse.Namespace) -> int:
    applied = apply_migrations(settings.database_url)
    print(f"applied {len(applied)} migration(s)" + (f": {', '.join(applied)}" if applied else ""))
    return 0


async def _present(settings: Settings, role: str, main: Coroutine[object, None, None]) -> None:
    """Run a role's main coroutine while it holds its presence on the database (``store.presence``)."""
    from mango_server.store.presence import HeldQuietError, RolePresence

    try:
        async with RolePresence(settings.database_url, role):
            await main
    except HeldQuietError as exc:
        raise SettingsError(str(exc)) from None  # refused like a bad setting: a message and exit code 2
    finally:
        main.close()  # never awaited when the presence was refused


def _cmd_api(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.model import load_catalogue

    catalogue = load_catalogue(settings)  # validated before anything starts: errors name file, entry, field
    check_schema(settings.database_url)
    _observe(settings, "api", settings.api_metrics_port)
    from mango_server.api.server import serve

    # SIGTERM stops the api exactly like Ctrl+C; uvicorn re-raises the signal after its bounded
    # graceful shutdown, and a requested stop is a clean exit.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        event_loop.run(_present(settings, "api", serve(settings, catalogue)), use_uvloop=settings.uvloop)
    return 0


def _cmd_orchestrator(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.model import build_router, load_catalogue

    # One client per offered model; the catalogue and every credential are checked before anything starts.
    models = build_router(load_catalogue(settings), os.environ)
    check_schema(settings.database_url)
    _observe(settings, "orchestrator", settings.orchestrator_metrics_port)
    from mango_server.orchestration.worker import run_orchestrator

    # SIGTERM (what Compose and Kubernetes send, and which PID 1 in a container would otherwise
    # ignore) stops the orchestrator like Ctrl+C. Once running, the orchestrator handles both on its
    # event loop (``orchestration.worker``: the worker drains its running steps for up to
    # MANGO_ORCHESTRATOR_SHUTDOWN_SECONDS); before that, a requested stop is a clean exit.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with contextlib.suppress(KeyboardInterrupt):
        event_loop.run(
            _present(settings, "orchestrator", run_orchestrator(settings, models)), use_uvloop=settings.uvloop
        )
    return 0


def _cmd_dev(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.devmode import run_dev

    return run_dev(args.state_dir)


def _cmd_connect(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.connect import run_connect

    return run_connect(args.session_id)


def _cmd_file_upload(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.transfer_cli import run_file_upload

    return run_file_upload(args.path)


def _cmd_file_download(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.transfer_cli import run_file_download

    return run_file_download(args.file_id, args.path)


def _cmd_skill_upload(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.transfer_cli import run_skill_upload

    return run_skill_upload(args.path, args.skill, args.display_title)


def _operate(settings: Settings, action: Callable[[str], Coroutine[object, None, T]]) -> T:
    """Run one operator use case against the configured database (whose schema must be within this build's window)."""
    check_schema(settings.database_url)
    return asyncio.run(action(settings.database_url))


def _cmd_workspace_create(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    row = _operate(settings, lambda url: operators.create_workspace(url, args.name))
    print(json.dumps({"id": row.id, "name": row.name}))
    return 0


def _cmd_workspace_retention(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators
    from mango_server.domain.errors import NotFoundError

    try:
        policy = _operate(
            settings,
            lambda url: operators.set_retention(
                url,
                args.workspace,
                archived_sessions_days=args.archived_sessions_days,
                request_bodies_days=args.request_bodies_days,
                deployment_runs_days=args.deployment_runs_days,
            ),
        )
    except (NotFoundError, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(json.dumps(_retention_json(policy.workspace_id, policy)))
    return 0


def _cmd_workspace_list(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    for row in _operate(settings, operators.list_retention):
        print(json.dumps({"name": row.name, **_retention_json(row.workspace_id, row)}))
    return 0


def _retention_json(workspace_id: str, policy: object) -> dict[str, object]:
    """A Workspace's retention as the workspace commands print it (null: kept forever)."""
    return {"id": workspace_id} | {
        "retention": {
            key: getattr(policy, key)
            for key in ("archived_sessions_days", "request_bodies_days", "deployment_runs_days")
        }
    }


def _cmd_admin_retention_run(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import retention

    pacing = retention.Pacing(settings.retention_batch_rows, settings.retention_batch_pause_seconds)
    report = _operate(settings, lambda url: retention.run_pass_now(url, settings.nats_url, pacing))
    if report is None:
        print("mango: another retention pass is running", file=sys.stderr)
        return 1
    print(json.dumps(dataclasses.asdict(report)))
    return 0


def _cmd_api_key_create(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    key = _operate(settings, lambda url: operators.create_api_key(url, args.workspace, args.name))
    print(json.dumps({"id": key.id, "workspace_id": key.workspace_id, "key": key.secret}))
    return 0


def _cmd_api_key_list(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    rows = _operate(settings, lambda url: operators.list_api_keys(url, args.workspace))
    _print_keys([(r.id, r.name, r.hint, r.created_at, r.revoked_at) for r in rows])
    return 0


def _cmd_api_key_revoke(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    row = _operate(settings, lambda url: operators.revoke_api_key(url, args.key_id))
    if row is None:
        print(f"no API key {args.key_id}", file=sys.stderr)
        return 1
    print(f"revoked {row.id}")
    return 0


def _cmd_session_inspect(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import inspect
    from mango_server.domain.errors import NotFoundError

    try:
        if args.request:
            body = _operate(settings, lambda url: inspect.request_body(url, args.session_id, args.request))
            sys.stdout.buffer.write(body + b"\n")
            return 0
        rows = _operate(settings, lambda url: inspect.list_requests(url, args.session_id))
    except (NotFoundError, inspect.BodyDroppedError) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    for row in rows:
        print(json.dumps(row.__dict__, default=str))
    return 0


def _cmd_environment_key_create(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators
    from mango_server.domain.errors import NotFoundError

    try:
        key = _operate(settings, lambda url: operators.create_environment_key(url, args.workspace, args.environment))
    except NotFoundError as exc:
        raise SystemExit(str(exc)) from None
    print(json.dumps({"id": key.id, "environment_id": args.environment, "key": key.secret}))
    return 0


def _print_keys(rows: list[tuple[str, str, str, datetime, datetime | None]]) -> None:
    """One line per key: id, label (name or Environment), hint, state, created."""
    for key_id, label, hint, created_at, revoked_at in rows:
        state = "revoked" if revoked_at else "active"
        print(f"{key_id}\t{label}\t...{hint}\t{state}\t{created_at.isoformat()}")


def _cmd_environment_key_list(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    rows = _operate(settings, lambda url: operators.list_environment_keys(url, args.workspace, args.environment))
    _print_keys([(r.id, r.environment_id, r.hint, r.created_at, r.revoked_at) for r in rows])
    return 0


def _cmd_environment_key_revoke(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.app import operators

    row = _operate(settings, lambda url: operators.revoke_environment_key(url, args.key_id))
    if row is None:
        print(f"no Environment key {args.key_id}", file=sys.stderr)
        return 1
    print(f"revoked {row.id}")
    return 0


def _keyring_path(settings: Settings, args: argparse.Namespace) -> Path:
    raw = args.file or settings.keyring_file
    if not raw:
        raise SettingsError("set MANGO_KEYRING_FILE or pass --file")
    return Path(raw)


def _cmd_keyring_generate(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server import keyring

    path = _keyring_path(settings, args)
    if path.exists():
        print(f"mango: a keyring already exists at {path} (use `mango keyring rotate`)", file=sys.stderr)
        return 1
    ring = keyring.Keyring.generate()
    keyring.save(path, ring)
    print(f"generated keyring {path} (mode 0600) active={ring.active}")
    return 0


def _cmd_keyring_list(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server import keyring

    ring = keyring.load(_keyring_path(settings, args))
    usage: dict[str, int] = {}
    if settings.database_url:
        from mango_server.app import keyring_admin

        usage = _operate(settings, keyring_admin.usage)
    for entry in ring.keys:
        state = "active" if entry.id == ring.active else "decrypt-only"
        count = f"\t{usage.get(entry.id, 0)} secret(s)" if settings.database_url else ""
        print(f"{entry.id}\t{state}\t{entry.created_at}{count}")
    return 0


def _cmd_keyring_rotate(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server import keyring

    path = _keyring_path(settings, args)
    ring = keyring.load(path).rotated()
    keyring.save(path, ring)
    print(f"added key {ring.active} (active); restart the api and orchestrator, then run `mango keyring re-encrypt`")
    return 0


def _cmd_keyring_reencrypt(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server import keyring
    from mango_server.app import keyring_admin

    ring = keyring.load(_keyring_path(settings, args))
    moved = _operate(settings, lambda url: keyring_admin.reencrypt(url, ring))
    print(f"re-encrypted {moved} secret(s) under {ring.active}")
    return 0


def _cmd_keyring_retire(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server import keyring
    from mango_server.app import keyring_admin

    path = _keyring_path(settings, args)
    ring = keyring.load(path)
    in_use = _operate(settings, keyring_admin.usage).get(args.key_id, 0)
    if in_use:
        print(
            f"mango: {in_use} secret(s) still use {args.key_id}; run `mango keyring re-encrypt` first", file=sys.stderr
        )
        return 1
    try:
        keyring.save(path, ring.without(args.key_id))
    except keyring.KeyringError as exc:
        print(f"mango: {exc}", file=sys.stderr)
        return 1
    print(f"retired {args.key_id}")
    return 0


def _admin(settings: Settings, args: argparse.Namespace, restore: bool) -> Manifest | Restored | None:
    """Run ``mango admin backup|restore``; a refusal is printed and answers None."""
    from mango_server import backup
    from mango_server.store.dump import DumpError
    from mango_server.store.presence import PresenceError

    temporal_db = Path(args.temporal_db) if args.temporal_db else None
    options = backup.Options(Path(args.directory), temporal_db, args.pg_bin, getattr(args, "force", False))
    try:
        if restore:
            return asyncio.run(backup.restore(settings, options))
        return asyncio.run(backup.backup(settings, options))
    except (backup.BackupError, DumpError, PresenceError, OSError) as exc:
        print(f"mango: {exc}", file=sys.stderr)
        return None


def _cmd_admin_backup(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.backup import Manifest

    made = _admin(settings, args, restore=False)
    if not isinstance(made, Manifest):
        return 2
    objects = f"{made.bucket.objects} object(s), {made.bucket.bytes} bytes" if made.bucket else "no bucket"
    temporal = "Temporal's database" if made.temporal.included else "no Temporal database (external)"
    print(f"backed up schema {made.schema_version}: PostgreSQL {made.postgres.dump.bytes} bytes, {objects}, {temporal}")
    print(f"the keyring is not in {args.directory}: keep keys {', '.join(made.keyring.key_ids) or '(none used)'}")
    return 0


def _cmd_admin_restore(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.backup import Restored

    done = _admin(settings, args, restore=True)
    if not isinstance(done, Restored):
        return 2
    made = done.manifest
    print(f"restored the backup of {made.created_at.isoformat()} (schema {made.schema_version})")
    print(f"{done.secrets_verified} stored secret(s) decrypt with the keyring")
    print("next: `mango migrate`, start Temporal (if embedded), then the orchestrators, then the api")
    return 0


def _cmd_webhook_listen(settings: Settings, args: argparse.Namespace) -> int:
    from mango_server.webhook_cli import run_listen

    return run_listen(args.host, args.port, args.secret, args.create, args.event_type)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mango-server")
    except PackageNotFoundError:  # a source tree on PYTHONPATH, not installed
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = argparse.ArgumentParser(prog="mango", description="Mango control plane")
    parser.add_argument("--version", action="version", version=f"mango {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply schema migrations (under an advisory lock)").set_defaults(func=_cmd_migrate)
    sub.add_parser("api", help="run the HTTP API").set_defaults(func=_cmd_api)
    sub.add_parser("orchestrator", help="run the Temporal worker and outbox relay").set_defaults(func=_cmd_orchestrator)
    dev = sub.add_parser("dev", help="start the whole platform on embedded defaults")
    dev.add_argument("--state-dir", default=".mango", help="where state, logs and dev.env live (default .mango)")
    dev.set_defaults(func=_cmd_dev, no_settings=True)

    connect = sub.add_parser("connect", help="join a Session from this terminal (MANGO_BASE_URL, MANGO_API_KEY)")
    connect.add_argument("session_id")
    connect.set_defaults(func=_cmd_connect, no_settings=True)

    files = sub.add_parser("file", help="upload and download Files (MANGO_BASE_URL, MANGO_API_KEY)")
    file_actions = files.add_subparsers(dest="action", required=True)
    file_upload = file_actions.add_parser("upload", help="upload a File, streamed, with a progress bar")
    file_upload.add_argument("path")
    file_upload.set_defaults(func=_cmd_file_upload, no_settings=True)
    file_download = file_actions.add_parser("download", help="download a File to PATH, verified")
    file_download.add_argument("file_id")
    file_download.add_argument("path")
    file_download.set_defaults(func=_cmd_file_download, no_settings=True)

    skills = sub.add_parser("skill", help="upload Skills (MANGO_BASE_URL, MANGO_API_KEY)")
    skill_upload = skills.add_subparsers(dest="action", required=True).add_parser(
        "upload", help="create a Skill (or a version with --skill) from a zip or a directory"
    )
    skill_upload.add_argument("path", help="a .zip archive or a directory holding SKILL.md")
    skill_upload.add_argument("--skill", help="add a version to this Skill instead of creating one")
    skill_upload.add_argument("--display-title", help="the new Skill's title")
    skill_upload.set_defaults(func=_cmd_skill_upload, no_settings=True)

    session = sub.add_parser("session", help="inspect Sessions").add_subparsers(dest="action", required=True)
    inspect = session.add_parser("inspect", help="list a Session's model requests, or print one's exact body")
    inspect.add_argument("session_id")
    inspect.add_argument("--request", metavar="SPAN_ID", help="the span.model_request_start id of one request")
    inspect.set_defaults(func=_cmd_session_inspect)
    workspace = sub.add_parser("workspace", help="manage Workspaces").add_subparsers(dest="action", required=True)
    create = workspace.add_parser("create", help="create a Workspace")
    create.add_argument("--name", required=True)
    create.set_defaults(func=_cmd_workspace_create)
    workspace.add_parser("list", help="list Workspaces with their retention").set_defaults(func=_cmd_workspace_list)
    keep = workspace.add_parser(
        "retention", help="set a Workspace's retention in days (0 turns a setting off; an omitted one is unchanged)"
    )
    keep.add_argument("workspace")
    for flag, text in (
        ("--archived-sessions-days", "delete archived Sessions this long after they were archived"),
        ("--request-bodies-days", "drop model request recipe bodies this long after the request (usage is kept)"),
        ("--deployment-runs-days", "expire finished Deployment Runs this long after they were recorded"),
    ):
        keep.add_argument(flag, type=int, metavar="N", help=text)
    keep.set_defaults(func=_cmd_workspace_retention)

    api_key = sub.add_parser("api-key", help="manage Workspace API keys").add_subparsers(dest="action", required=True)
    key_create = api_key.add_parser("create", help="create an API key (printed once)")
    key_create.add_argument("--workspace", required=True)
    key_create.add_argument("--name", default="default")
    key_create.set_defaults(func=_cmd_api_key_create)
    key_list = api_key.add_parser("list", help="list a Workspace's API keys")
    key_list.add_argument("--workspace", required=True)
    key_list.set_defaults(func=_cmd_api_key_list)
    key_revoke = api_key.add_parser("revoke", help="revoke an API key")
    key_revoke.add_argument("key_id")
    key_revoke.set_defaults(func=_cmd_api_key_revoke)

    env_key = sub.add_parser("environment-key", help="manage Environment keys").add_subparsers(
        dest="action", required=True
    )
    env_create = env_key.add_parser("create", help="create an Environment key (Poll, Ack, Stats only)")
    env_create.add_argument("--workspace", required=True)
    env_create.add_argument("--environment", required=True)
    env_create.set_defaults(func=_cmd_environment_key_create)
    env_list = env_key.add_parser("list", help="list an Environment's keys")
    env_list.add_argument("--workspace", required=True)
    env_list.add_argument("--environment", required=True)
    env_list.set_defaults(func=_cmd_environment_key_list)
    env_revoke = env_key.add_parser("revoke", help="revoke an Environment key")
    env_revoke.add_argument("key_id")
    env_revoke.set_defaults(func=_cmd_environment_key_revoke)

    ring = sub.add_parser("keyring", help="manage the operator keyring (MANGO_KEYRING_FILE)").add_subparsers(
        dest="action", required=True
    )
    for name, func, text, needs_db in (
        ("generate", _cmd_keyring_generate, "create a keyring with one key (mode 0600)", False),
        ("list", _cmd_keyring_list, "list key ids (and, with MANGO_DATABASE_URL, secrets per key)", False),
        ("rotate", _cmd_keyring_rotate, "add a new active key; older keys stay for decryption", False),
        ("re-encrypt", _cmd_keyring_reencrypt, "move every stored secret to the active key", True),
        ("retire", _cmd_keyring_retire, "remove a key no stored secret uses", True),
    ):
        command = ring.add_parser(name, help=text)
        command.add_argument("--file", help="the keyring file (default MANGO_KEYRING_FILE)")
        if name == "retire":
            command.add_argument("key_id")
        command.set_defaults(func=func, no_settings=not needs_db)

    admin = sub.add_parser("admin", help="back up and restore a quiesced Mango, run retention").add_subparsers(
        dest="action", required=True
    )
    for name, func, text in (
        ("backup", _cmd_admin_backup, "copy PostgreSQL, the bucket and an embedded Temporal into DIR (roles stopped)"),
        ("restore", _cmd_admin_restore, "load a backup set from DIR into fresh stores (roles stopped)"),
    ):
        command = admin.add_parser(name, help=text)
        command.add_argument("directory", metavar="DIR")
        command.add_argument(
            "--temporal-db", metavar="FILE", help="the embedded Temporal dev server's --db-filename (server stopped)"
        )
        command.add_argument("--pg-bin", metavar="DIR", help="where pg_dump and pg_restore are (default: searched)")
        if name == "restore":
            command.add_argument("--force", action="store_true", help="restore over stores that already hold data")
        command.set_defaults(func=func)

    retention = admin.add_parser("retention", help="retention passes").add_subparsers(dest="step", required=True)
    retention.add_parser(
        "run", help="run one retention pass now (a running orchestrator finishes the Session deletions)"
    ).set_defaults(func=_cmd_admin_retention_run)

    webhook = sub.add_parser("webhook", help="webhook tools").add_subparsers(dest="action", required=True)
    listen = webhook.add_parser("listen", help="receive, verify and print webhook deliveries on this machine")
    listen.add_argument("--host", default="127.0.0.1")
    listen.add_argument("--port", type=int, default=8787)
    listen.add_argument("--secret", help="the endpoint's whsec_ secret (default MANGO_WEBHOOK_SECRET)")
    listen.add_argument(
        "--create", action="store_true", help="register this receiver (MANGO_BASE_URL, MANGO_API_KEY); removed on exit"
    )
    listen.add_argument("--event-type", action="append", help="with --create: a type to receive (default: all)")
    listen.set_defaults(func=_cmd_webhook_listen, no_settings=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mango`` command."""
    args = build_parser().parse_args(argv)
    # Every command stops on Ctrl+C, even when started as a shell's background job: such a job
    # inherits SIGINT ignored, and Python then leaves it ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        settings = load_settings(require_database=not getattr(args, "no_settings", False))
        configure_logging(settings.log_level, "text" if args.command == "dev" else settings.log_format)
        result: int = args.func(settings, args)
        return result
    except (SettingsError, SchemaMismatchError, KeyringError, CatalogueError) as exc:
        print(f"mango: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
