"""One Python worker kit process for ``bench/soak.py``: an ``EnvironmentWorker`` serving one Environment.

The soak starts one per Session (each Session has an Environment and a workspace of its own, so the
file its ``bash`` calls append to counts that Session's executions alone) and kills it with SIGKILL.
A short lease (5 s) lets the next process reclaim a killed one's Work soon. Memory sync is off (the
soak's Sessions mount no store). Not responsible for anything but starting the worker: restarts,
kills and checks are the soak's.

    MANGO_ENVIRONMENT_KEY=... .venv/bin/python bench/_soak_worker.py BASE_URL ENVIRONMENT_ID WORKDIR
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys

from mango.lib import EnvironmentWorker

LEASE_SECONDS = 5


def main() -> None:
    base_url, environment_id, workdir = sys.argv[1:4]
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    worker = EnvironmentWorker(
        base_url=base_url,
        environment_id=environment_id,
        environment_key=os.environ["MANGO_ENVIRONMENT_KEY"],
        workdir=workdir,
        desired_ttl_seconds=LEASE_SECONDS,
        memory_sync_interval=None,
        max_idle=30.0,
    )
    asyncio.run(worker.run())


if __name__ == "__main__":
    main()
