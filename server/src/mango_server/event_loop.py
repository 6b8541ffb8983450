"""The event loop the long-running roles (api, orchestrator) run on, and their garbage collector's settings.

uvloop by default: asyncpg, uvicorn and the Temporal worker spend much of a turn in the event
loop's socket and callback machinery, which uvloop implements in C (``docs/performance.md``).
``MANGO_UVLOOP=false`` runs the standard library's loop instead, for diagnosing a suspected loop
issue. Once a role has started, :func:`settle_heap` takes what it built from the cyclic garbage
collector's view. Not responsible for what runs on the loop.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Coroutine
from typing import TypeVar

import uvloop

T = TypeVar("T")


def run(main: Coroutine[object, object, T], *, use_uvloop: bool) -> T:
    """Run ``main`` to completion on a new event loop, as ``asyncio.run`` does."""
    if use_uvloop:
        return uvloop.run(main)
    return asyncio.run(main)


#: Allocations between young-generation collections (CPython's default is 700). A turn allocates
#: thousands of short-lived containers; collecting them less often lets most die first instead of
#: being promoted and traversed again by the older generations' collections.
_YOUNG_THRESHOLD = 10_000


def settle_heap() -> None:
    """Called once a role has started: its modules, pools and clients live as long as the process.

    Without this, every full collection traverses them all again (in a py-spy profile at 50
    Sessions, 6% of the orchestrator's CPU was the collector). ``gc.freeze`` moves every object
    alive now to a permanent generation that collections skip; what is freed later is still freed.
    """
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(_YOUNG_THRESHOLD, middle, old)
