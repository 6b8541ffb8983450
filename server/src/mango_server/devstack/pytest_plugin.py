"""pytest fixtures for integration tests: one DevStack per test session, one fresh database per test.

Enable it in a test module or in the top-level conftest of a run with::

    pytest_plugins = ["mango_server.devstack.pytest_plugin"]

pytest refuses ``pytest_plugins`` in a nested conftest; there, ``-p
mango_server.devstack.pytest_plugin`` works as well. Import types such as ``FreshDatabase`` from
``mango_server.devstack``, not from this module: importing a plugin module before pytest loads
it defeats assertion rewriting (a warning, hence an error under ``filterwarnings = error``).

Fixtures:

- ``mango_services`` (session): a started :class:`~mango_server.devstack.DevStack` on free ports
  under a temporary directory, stopped at the end of the session. Only started when a test asks.
  Its state lives outside pytest's basetemp (see ``_state_dir``); the service logs are copied to
  ``<basetemp>/mango-devstack-logs*`` at the end.
- ``mango_state_dir`` (function): an empty directory for a test's own ``DevStack``.
- ``mango_migrate`` (session): the callable that builds the schema, given a database URL.
  Defaults to a no-op; a suite overrides it, e.g.
  ``@pytest.fixture(scope="session") def mango_migrate(): return apply_migrations``.
- ``mango_template_database`` (session): name of the template database, migrated once per session.
- ``mango_platform`` (session): a running Mango; at its teardown the role and service logs of
  the whole run are scanned for credentials (``Platform.leaks``) and any finding fails the run.
- ``fresh_database`` (function): a :class:`~mango_server.devstack.FreshDatabase` cloned from the
  template (``CREATE DATABASE ... TEMPLATE``), dropped after the test.

Not responsible for: what the schema is, or starting Mango itself.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ._databases import FreshDatabase, Migrate, clone_database, create_template, drop_database
from ._platform import Platform, Tenant
from ._stack import DevStack

log = logging.getLogger(__name__)

TEMPLATE_DATABASE = "mango_template"


@pytest.fixture(scope="session")
def mango_services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevStack]:
    """One DevStack for the whole session, on free ports, stopped at session end."""
    with _state_dir(tmp_path_factory) as state_dir:
        stack = DevStack(state_dir, ports="free", durable=False)
        try:
            stack.start()
            log.info("dev stack ready seconds=%.2f state_dir=%s", stack.startup_seconds or 0.0, stack.state_dir)
            yield stack
        finally:
            stack.stop()


@pytest.fixture
def mango_state_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty directory for a test's own DevStack; removed afterwards (its logs are kept)."""
    with _state_dir(tmp_path_factory) as state_dir:
        yield state_dir


@pytest.fixture(scope="session")
def mango_migrate() -> Migrate:
    """Build the schema in the database at the given URL. Override in a suite; default: nothing."""
    return _no_migration


@pytest.fixture(scope="session")
def mango_template_database(mango_services: DevStack, mango_migrate: Migrate) -> str:
    """Create and migrate the template database once per session; returns its name."""
    create_template(mango_services, mango_migrate, TEMPLATE_DATABASE)
    return TEMPLATE_DATABASE


@pytest.fixture
def fresh_database(mango_services: DevStack, mango_template_database: str) -> Iterator[FreshDatabase]:
    """A database cloned from the template for this test only, dropped afterwards."""
    database = clone_database(mango_services, mango_template_database)
    try:
        yield database
    finally:
        drop_database(mango_services, database.name)


@contextmanager
def _state_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    # Not under pytest's basetemp: pytest resets its root to mode 0700 at every session start
    # (ours or a concurrent one), which locks out PostgreSQL's unprivileged user when run as root.
    state_dir = Path(tempfile.mkdtemp(prefix="mango-devstack-"))
    try:
        yield state_dir
    finally:
        logs = state_dir / "logs"
        if logs.is_dir():
            shutil.copytree(logs, tmp_path_factory.mktemp("mango-devstack-logs"), dirs_exist_ok=True)
        shutil.rmtree(state_dir, ignore_errors=True)


def _no_migration(database_url: str) -> None:
    return None


@pytest.fixture(scope="session")
def mango_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A running Mango (api + orchestrator) with its own database, for the whole session."""
    platform = Platform(mango_services, tmp_path_factory.mktemp("mango-platform")).start()
    try:
        yield platform
    finally:
        platform.stop()
    # Secrets never reach logs: every run of every suite on the platform proves it at the end.
    leaks = platform.leaks()
    if leaks:
        pytest.fail(f"credentials reached the logs of this run: {leaks}")


@pytest.fixture(scope="session")
def mango_tenant(mango_platform: Platform) -> Tenant:
    """A Workspace and API key on ``mango_platform``."""
    return mango_platform.create_tenant("primary")


@pytest.fixture(scope="session")
def mango_other_tenant(mango_platform: Platform) -> Tenant:
    """A second Workspace, for isolation checks."""
    return mango_platform.create_tenant("other")
