"""The public surface of ``mango.lib`` and ``mango.lib.tools`` is pinned: changing it is a deliberate act."""

from __future__ import annotations

import inspect
from pathlib import Path

import mango.lib
import mango.lib.tools

EXPECTED_LIB = [
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

EXPECTED_TOOLS = [
    "TOOL_DEADLINE_SECONDS",
    "BashTool",
    "EditTool",
    "GlobTool",
    "GrepTool",
    "ReadTool",
    "ToolInputError",
    "Workspace",
    "WriteTool",
    "default_toolset",
]


def test_lib_all_is_pinned() -> None:
    assert mango.lib.__all__ == EXPECTED_LIB


def test_tools_all_is_pinned() -> None:
    assert mango.lib.tools.__all__ == EXPECTED_TOOLS


def test_every_name_resolves() -> None:
    for module in (mango.lib, mango.lib.tools):
        for name in module.__all__:
            assert getattr(module, name) is not None, name


def test_launcher_entry_points_keep_their_keyword_signatures() -> None:
    init = inspect.signature(mango.lib.EnvironmentWorker)
    assert list(init.parameters)[:7] == [
        "base_url",
        "environment_id",
        "environment_key",
        "workdir",
        "tools_factory",
        "max_idle",
        "worker_id",
    ]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in init.parameters.values())
    handle = inspect.signature(mango.lib.EnvironmentWorker.handle_item)
    assert [n for n, p in handle.parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY] == [
        "work_id",
        "environment_id",
        "session_id",
        "secret",
    ]
    assert init.parameters["max_idle"].default == 60.0


def test_default_toolset_has_the_six_builtins(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert sorted(mango.lib.default_toolset(tmp_path)) == ["bash", "edit", "glob", "grep", "read", "write"]


def test_input_options_and_outcomes_are_keyword_defaults() -> None:
    init = inspect.signature(mango.lib.EnvironmentWorker)
    defaults = {name: init.parameters[name].default for name in list(init.parameters)[-4:]}
    assert defaults == {
        "skills": True,
        "memory_sync_interval": 15.0,
        "memory_root": None,
        "memory_max_deletes_per_pass": 10,
    }
    assert init.parameters["api_socket"].default is None
    assert [o.value for o in mango.lib.ItemOutcome] == ["completed", "lease_lost", "failed", "unfinished"]
    context = mango.lib.ToolContext(workdir=Path("."), session_id="s", work_id="w", environment_id="e")
    assert (context.read_only_roots, context.allowed_roots) == ((), ())
