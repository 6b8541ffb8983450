"""DevStack: PostgreSQL, Temporal, NATS and SeaweedFS started together under one state directory.

Lifecycle: ``start()`` chooses ports (remembered in ``state_dir/ports.json``), loads or generates
the credentials every service requires (``state_dir/credentials.json``, mode 0600) and the operator
keyring (``state_dir/keyring.json``, mode 0600, see ``mango_server.keyring``), starts the four
services in parallel and returns once every one is ready; ``stop()`` stops them all (also run at
interpreter exit if the owner forgot). Starting again on the same directory reuses the data: the
PostgreSQL cluster, the Temporal SQLite file, the SeaweedFS volumes and, where still free, the
ports. Used by ``mango dev`` (stable default ports) and the test sessions (free ports).

Not responsible for: schema migrations, the Mango processes themselves, or reading settings
(``env()`` hands the ``MANGO_*`` values to whoever builds the settings object).
"""

from __future__ import annotations

import atexit
import fcntl
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol, TypeVar

from mango_server import keyring

from . import _credentials, _nats, _postgres, _seaweedfs, _temporal
from ._ports import PortPolicy, resolve_ports
from ._process import ServiceStartError

log = logging.getLogger(__name__)

T = TypeVar("T")

_PORT_NAMES = ("postgres", "temporal", "temporal_http", "temporal_metrics", "nats", "s3", *_seaweedfs.AUX_PORT_FLAGS)


class _Stoppable(Protocol):
    def stop(self) -> None: ...


class DevStack:
    """The four backing services of a Mango control plane, on 127.0.0.1.

    Args:
        state_dir: Where data, logs and ``ports.json`` live; created if missing. As root,
            PostgreSQL runs as an unprivileged user, so every ancestor must stay traversable by
            other users (not true under pytest's basetemp, which pytest resets to mode 0700).
        ports: ``"default"`` (stable ports such as 54329, 7233, 4222, 8333, falling back to free
            ones when taken), ``"free"`` (any free ports: tests), or a mapping pinning some
            listeners (``"postgres"``, ``"temporal"``, ``"nats"``, ``"s3"``, ...) to exact ports.
        durable: False runs PostgreSQL without fsync: faster, for throw-away test data.
        postgres_settings: More PostgreSQL server settings (``name=value``), for benches.
        timeout: Seconds each service may take to become ready.
    """

    def __init__(
        self,
        state_dir: Path,
        ports: PortPolicy | Mapping[str, int] = "default",
        *,
        durable: bool = True,
        postgres_settings: Sequence[str] = (),
        timeout: float = 90.0,
    ) -> None:
        self.state_dir = Path(state_dir).resolve()
        self.ports_policy = ports
        self.durable = durable
        self.postgres_settings = tuple(postgres_settings)
        self.timeout = timeout
        self.startup_seconds: float | None = None
        self._postgres: _postgres.PostgresHandle | None = None
        self._temporal: _temporal.TemporalHandle | None = None
        self._nats: _nats.NatsHandle | None = None
        self._s3: _seaweedfs.SeaweedHandle | None = None
        self._lock_file: IO[str] | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> DevStack:
        """Start every service and wait until all are ready; on any failure stop the others and raise."""
        if self.running:
            return self
        began = time.monotonic()
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self._lock_state_dir()
        try:
            self._start_services()
        except BaseException:
            self._unlock_state_dir()
            raise
        atexit.register(self.stop)
        self.startup_seconds = time.monotonic() - began
        log.info("started dev stack state_dir=%s seconds=%.2f", self.state_dir, self.startup_seconds)
        return self

    def _start_services(self) -> None:
        ports = resolve_ports(self.state_dir, _PORT_NAMES, self.ports_policy)
        creds = _credentials.load_or_create(self.state_dir).credentials
        # The operator keyring (webhook secrets) lives next to the credentials, with the same 0600 discipline.
        keyring.load_or_create(self.state_dir / keyring.FILE_NAME)
        starters: dict[str, Callable[[], _Stoppable]] = {
            "postgres": lambda: self._start_postgres(ports["postgres"], creds.postgres_password),
            "temporal": lambda: _temporal.start(
                self.state_dir,
                ports["temporal"],
                http_port=ports["temporal_http"],
                metrics_port=ports["temporal_metrics"],
                timeout=self.timeout,
            ),
            "nats": lambda: _nats.start(self.state_dir, ports["nats"], token=creds.nats_token, timeout=self.timeout),
            "s3": lambda: _seaweedfs.start(
                self.state_dir,
                ports["s3"],
                aux_ports={name: ports[name] for name in _seaweedfs.AUX_PORT_FLAGS},
                access_key_id=creds.s3_access_key_id,
                secret_access_key=creds.s3_secret_access_key,
                security=_seaweedfs.Security(
                    jwt_signing_key=creds.seaweed_jwt_signing_key,
                    jwt_signing_read_key=creds.seaweed_jwt_signing_read_key,
                    jwt_filer_signing_key=creds.seaweed_jwt_filer_signing_key,
                    jwt_filer_signing_read_key=creds.seaweed_jwt_filer_signing_read_key,
                    tls=creds.seaweed_tls,
                ),
                timeout=self.timeout,
            ),
        }
        handles = self._start_all(starters)
        self._postgres = _as(handles["postgres"], _postgres.PostgresHandle)
        self._temporal = _as(handles["temporal"], _temporal.TemporalHandle)
        self._nats = _as(handles["nats"], _nats.NatsHandle)
        self._s3 = _as(handles["s3"], _seaweedfs.SeaweedHandle)

    def stop(self) -> None:
        """Stop every running service (idempotent)."""
        handles: list[_Stoppable | None] = [self._s3, self._nats, self._temporal, self._postgres]
        self._postgres = self._temporal = self._nats = self._s3 = None
        running = [h for h in handles if h is not None]
        if not running:
            return
        try:
            with ThreadPoolExecutor(max_workers=len(running), thread_name_prefix="devstack-stop") as pool:
                for future in [pool.submit(h.stop) for h in running]:
                    future.result()
        except RuntimeError:
            # At interpreter exit (the atexit safety net) no new threads may start: stop in turn.
            for handle in running:
                handle.stop()
        atexit.unregister(self.stop)
        self._unlock_state_dir()
        log.info("stopped dev stack state_dir=%s", self.state_dir)

    def restart_postgres(self, down_seconds: float = 1.0) -> None:
        """Stop PostgreSQL (fast shutdown: clients are disconnected), wait, start it again on the same port.

        For resilience tests: every client of the stack sees its connections dropped.
        """
        handle = self.postgres
        handle.stop()
        time.sleep(down_seconds)
        password = _credentials.load_or_create(self.state_dir).credentials.postgres_password
        self._postgres = self._start_postgres(handle.port, password)

    def _start_postgres(self, port: int, password: str) -> _postgres.PostgresHandle:
        """PostgreSQL on ``port`` with this stack's data directory and settings."""
        return _postgres.start(
            self.state_dir,
            port,
            password=password,
            durable=self.durable,
            settings=self.postgres_settings,
            timeout=self.timeout,
        )

    def stop_temporal(self) -> Path:
        """Stop the Temporal dev server alone (backup and restore tests); returns its database file."""
        handle = self.temporal
        handle.stop()
        self._temporal = None
        return handle.db_path

    def start_temporal(self) -> None:
        """Start the Temporal dev server again on its ports, over whatever database file is there now."""
        # Only Temporal's names: the other listeners are in use by their own running services.
        ports = resolve_ports(self.state_dir, ("temporal", "temporal_http", "temporal_metrics"), self.ports_policy)
        self._temporal = _temporal.start(
            self.state_dir,
            ports["temporal"],
            http_port=ports["temporal_http"],
            metrics_port=ports["temporal_metrics"],
            timeout=self.timeout,
        )

    def __enter__(self) -> DevStack:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        """Whether ``start()`` has completed and ``stop()`` has not been called since."""
        return self._postgres is not None

    # -- what clients need -----------------------------------------------------------------

    @property
    def postgres(self) -> _postgres.PostgresHandle:
        """The PostgreSQL handle (``dsn``, ``dsn_for(database)``, ``port``)."""
        return _require(self._postgres, "postgres")

    @property
    def temporal(self) -> _temporal.TemporalHandle:
        """The Temporal handle (``address``, ``namespace``, ``port``)."""
        return _require(self._temporal, "temporal")

    @property
    def nats(self) -> _nats.NatsHandle:
        """The NATS handle (``url``, ``port``)."""
        return _require(self._nats, "nats")

    @property
    def s3(self) -> _seaweedfs.SeaweedHandle:
        """The S3 handle (``url``, ``bucket``, credentials, ``region``)."""
        return _require(self._s3, "s3")

    @property
    def database_url(self) -> str:
        """``postgresql://`` URL of the ``mango`` database."""
        return self.postgres.dsn

    @property
    def temporal_address(self) -> str:
        """Temporal frontend ``host:port``."""
        return self.temporal.address

    @property
    def nats_url(self) -> str:
        """``nats://`` URL."""
        return self.nats.url

    @property
    def s3_endpoint_url(self) -> str:
        """S3 endpoint ``http://`` URL."""
        return self.s3.url

    def env(self) -> dict[str, str]:
        """The ``MANGO_*`` settings that point a Mango process at this stack, credentials included.

        Secrets: the database URL carries the password and the NATS URL the token; never log them.
        """
        s3 = self.s3
        return {
            "MANGO_DATABASE_URL": self.postgres.dsn,
            "MANGO_TEMPORAL_ADDRESS": self.temporal.address,
            "MANGO_TEMPORAL_NAMESPACE": self.temporal.namespace,
            "MANGO_NATS_URL": self.nats.url,
            "MANGO_S3_ENDPOINT_URL": s3.url,
            "MANGO_S3_BUCKET": s3.bucket,
            "MANGO_S3_ACCESS_KEY_ID": s3.access_key_id,
            "MANGO_S3_SECRET_ACCESS_KEY": s3.secret_access_key,
            "MANGO_S3_REGION": s3.region,
            "MANGO_KEYRING_FILE": str(self.state_dir / keyring.FILE_NAME),
        }

    # -- internals -------------------------------------------------------------------------

    def _lock_state_dir(self) -> None:
        # Two stacks on one directory would run two servers over the same PostgreSQL cluster,
        # SQLite file and volumes; the lock dies with its process, so a crash never leaves it held.
        lock_file = (self.state_dir / "devstack.lock").open("a")
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock_file.close()
            raise ServiceStartError(f"another dev stack is running on {self.state_dir}") from None
        self._lock_file = lock_file

    def _unlock_state_dir(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    def _start_all(self, starters: Mapping[str, Callable[[], _Stoppable]]) -> dict[str, _Stoppable]:
        with ThreadPoolExecutor(max_workers=len(starters), thread_name_prefix="devstack-start") as pool:
            futures: dict[str, Future[_Stoppable]] = {name: pool.submit(fn) for name, fn in starters.items()}
            # Every start is bounded by its own timeout, so waiting for all of them terminates.
            errors = {name: f.exception() for name, f in futures.items()}
        started = {name: f.result() for name, f in futures.items() if errors[name] is None}
        failed = {name: e for name, e in errors.items() if e is not None}
        if failed:
            for handle in started.values():
                handle.stop()
            name, first = next(iter(failed.items()))
            raise ServiceStartError(f"dev stack failed to start: {', '.join(failed)}; {name}: {first}") from first
        return started


def _as(value: object, kind: type[T]) -> T:
    assert isinstance(value, kind)
    return value


def _require(handle: T | None, name: str) -> T:
    if handle is None:
        raise RuntimeError(f"the dev stack is not running ({name} unavailable); call start() first")
    return handle
