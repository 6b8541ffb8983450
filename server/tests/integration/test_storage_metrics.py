"""The orchestrator's sampler sets the storage gauges of every table family from the migrated database."""

from __future__ import annotations

import asyncio

import pytest
from mango_server.devstack import FreshDatabase
from mango_server.orchestration import sampler
from mango_server.store import storage
from mango_server.store.db import create_pool
from mango_server.store.migrate import apply_migrations
from mango_server.telemetry import metrics

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration]


def test_a_sample_sets_bytes_and_rows_of_every_family(fresh_database: FreshDatabase) -> None:
    async def sample() -> None:
        pool = await create_pool(fresh_database.dsn, min_size=1, max_size=1)
        try:
            await sampler.sample_once(pool)
        finally:
            await pool.close()

    apply_migrations(fresh_database.dsn)
    asyncio.run(sample())
    for family in storage.FAMILIES:
        assert metrics.STORAGE_BYTES.labels(family)._value.get() > 0  # every table has its primary key's index
        assert metrics.STORAGE_ROWS.labels(family)._value.get() >= 0
