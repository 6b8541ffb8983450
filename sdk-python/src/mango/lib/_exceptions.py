"""Errors of the worker kit, extending the SDK hierarchy of ``mango._exceptions``.

::

    MangoError
    ├── WorkSecretError   the Work secret is missing or malformed (fatal for the item; no fallback)
    ├── LeaseLost         the Work lease (or its session token) is no longer ours: stop writing at once
    ├── InputFailed       a Session input (Skill pin, archive, Memory Store declaration) is permanently
    │                     unusable: the item is Failed with ``session_input_failed_error``
    └── InputUnavailable  a Session input could not be prepared for now (network, 5xx, local disk):
                          the item ends without Stop and the lease is left for reclaim

Lifecycle: raised by the poller, the tool runner, input preparation and the environment worker;
never retried by whoever catches them (``InputUnavailable`` is raised after the retries).
Not responsible for HTTP status errors, which stay the ``APIStatusError`` subclasses.
"""

from __future__ import annotations

from mango._exceptions import MangoError

__all__ = ["InputFailed", "InputUnavailable", "LeaseLost", "WorkSecretError"]


class WorkSecretError(MangoError):
    """The Work secret cannot be decoded; the message never contains the secret itself."""


class LeaseLost(MangoError):
    """The Work lease was lost (401/403/412, a refused renewal, or no renewal for longer than the TTL).

    Whoever sees it must stop executing and write nothing more for the item: no result, no Stop.
    """


class InputFailed(MangoError):
    """A Session input is permanently unusable (checksum mismatch, unsafe archive, invalid pin or mount).

    The message is reported to the server as the Work failure; it never contains a credential.
    """


class InputUnavailable(MangoError):
    """A Session input could not be prepared after a few attempts; the item is left for reclaim."""
