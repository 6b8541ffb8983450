"""Mango's reference Docker launcher for self-hosted Environments.

The trusted host supervisor (:mod:`mango_worker.supervisor`) Polls and Acks Environment Work with
an Environment key and runs one hardened container per Work item, without a network unless the
operator chooses ``--tool-network host``; inside the container the item runner
(:mod:`mango_worker.item_runner`) drives the Session's tool loop with the per-Work secret, reaching
the API only through the supervisor's forwarder socket (:mod:`mango_worker.forwarder`).
This package does not implement the Work protocol itself: leases, heartbeats and the Session tool
loop belong to the SDK worker kit (``mango.lib``).
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
