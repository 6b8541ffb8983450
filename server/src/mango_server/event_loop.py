"""The event loop the long-running roles (api, orchestrator) run on.

uvloop by default: asyncpg, uvicorn and the Temporal worker spend much of a turn in the event
loop's socket and callback machinery, which uvloop implements in C (``docs/performance.md``).
``MANGO_UVLOOP=false`` runs the standard library's loop instead, for diagnosing a suspected loop
issue. Not responsible for what runs on the loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import uvloop

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T], *, use_uvloop: bool) -> T:
    """Run ``main`` to completion on a new event loop, as ``asyncio.run`` does."""
    if use_uvloop:
        return uvloop.run(main)
    return asyncio.run(main)
