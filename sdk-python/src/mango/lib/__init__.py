"""The Mango worker kit: everything a self-hosted Environment worker needs, provider-neutral.

- ``WorkPoller`` polls and acknowledges Work with the Environment key (sync and async);
- ``decode_work_secret`` turns the Poll ``secret`` into the per-Work session token;
- ``SessionToolRunner`` serves one Session's local tool calls over its event stream;
- ``EnvironmentWorker`` composes them with lease heartbeats and Stop (``run()``,
  ``handle_item()``, ``fail_item()``);
- ``mango.lib.tools`` holds the built-in ``bash``, ``read``, ``write``, ``edit``, ``glob`` and
  ``grep`` tools and ``default_toolset``.

See ``docs/worker-kit.md`` for the protocol and the failure rules.
"""

from __future__ import annotations

from ._environment_worker import EnvironmentWorker, ItemOutcome, ItemResult
from ._exceptions import LeaseLost, WorkSecretError
from ._poller import WorkPoller, default_worker_id
from ._session_state import DispatchedToolCall, RunnerExit
from ._tool import Tool, ToolContext, ToolResult, ToolsFactory, close_tools
from ._tool_runner import SessionToolRunner
from ._work_secret import WorkSecret, decode_work_secret
from .tools import default_toolset

__all__ = [
    "DispatchedToolCall",
    "EnvironmentWorker",
    "ItemOutcome",
    "ItemResult",
    "LeaseLost",
    "RunnerExit",
    "SessionToolRunner",
    "Tool",
    "ToolContext",
    "ToolResult",
    "ToolsFactory",
    "WorkPoller",
    "WorkSecret",
    "WorkSecretError",
    "close_tools",
    "decode_work_secret",
    "default_toolset",
    "default_worker_id",
]
