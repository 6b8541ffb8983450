"""Public access to the generated wire types: ``from mango.types import Agent, SessionStreamEvent``.

Re-exports every attrs model of ``mango._generated.models`` and every discriminated-union alias
of ``mango._generated.unions``. Lifecycle: import-time only. Not responsible for defining any
type: all of them are generated from ``openapi/mango.yaml``.
"""

from __future__ import annotations

from ._generated.models import *  # noqa: F403
from ._generated.unions import *  # noqa: F403
