"""Errors of the worker kit, extending the SDK hierarchy of ``mango._exceptions``.

::

    MangoError
    ├── WorkSecretError   the Work secret is missing or malformed (fatal for the item; no fallback)
    └── LeaseLost         the Work lease (or its session token) is no longer ours: stop writing at once

Lifecycle: raised by the poller, the tool runner and the environment worker; never retried.
Not responsible for HTTP status errors, which stay the ``APIStatusError`` subclasses.
"""

from __future__ import annotations

from mango._exceptions import MangoError

__all__ = ["LeaseLost", "WorkSecretError"]


class WorkSecretError(MangoError):
    """The Work secret cannot be decoded; the message never contains the secret itself."""


class LeaseLost(MangoError):
    """The Work lease was lost (401/403/412, a refused renewal, or no renewal for longer than the TTL).

    Whoever sees it must stop executing and write nothing more for the item: no result, no Stop.
    """
