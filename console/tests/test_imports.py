"""The console's module graph, read from the TypeScript sources' import statements (no browser).

`main.ts` is the entry: it imports the router and the views, and nothing imports it. The views
take navigation from `router.ts`, so no module under `console/src/` imports `main.ts` and the
relative imports of `console/src/` form no cycle.
"""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
MAIN = SRC / "main.ts"

# `import … from "x"` and `export … from "x"` (over several lines), `import "x"`, `import("x")`.
_FROM = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']""", re.MULTILINE)
_BARE = re.compile(r"""^\s*import\s*["']([^"']+)["']""", re.MULTILINE)
_DYNAMIC = re.compile(r"""\bimport\s*\(\s*["']([^"']+)["']\s*\)""")


def _specifiers(source: str) -> list[str]:
    return [m.group(1) for pattern in (_FROM, _BARE, _DYNAMIC) for m in pattern.finditer(source)]


def _resolve(module: Path, specifier: str) -> Path | None:
    """The `.ts` file a relative specifier names; None for a package or a stylesheet."""
    if not specifier.startswith("."):
        return None
    base = (module.parent / specifier).resolve()
    if base.suffix == ".css":
        return None
    for candidate in (base, base.with_name(base.name + ".ts"), base / "index.ts"):
        if candidate.is_file() and candidate.suffix == ".ts":
            return candidate
    raise AssertionError(f"{module.relative_to(SRC)}: import {specifier!r} names no .ts file")


def _graph() -> dict[Path, set[Path]]:
    graph: dict[Path, set[Path]] = {}
    for module in sorted(SRC.rglob("*.ts")):
        targets = (_resolve(module, s) for s in _specifiers(module.read_text(encoding="utf-8")))
        graph[module] = {t for t in targets if t is not None}
    return graph


def _name(module: Path) -> str:
    return module.relative_to(SRC).as_posix()


def _cycle(graph: dict[Path, set[Path]]) -> list[str] | None:
    """One import cycle as module names (first == last), or None."""
    done: set[Path] = set()
    stack: list[Path] = []

    def visit(module: Path) -> list[str] | None:
        if module in stack:
            return [_name(m) for m in [*stack[stack.index(module) :], module]]
        if module in done:
            return None
        stack.append(module)
        for target in sorted(graph[module]):
            found = visit(target)
            if found:
                return found
        stack.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module)
        if found:
            return found
    return None


def test_the_import_statements_are_read() -> None:
    # Guards the parser: the edges this file's other tests rely on are seen.
    graph = _graph()
    assert SRC / "router.ts" in graph[MAIN]
    assert SRC / "views" / "session.ts" in graph[MAIN]
    assert SRC / "router.ts" in graph[SRC / "views" / "files.ts"]
    assert SRC / "router.ts" in graph[SRC / "views" / "session.ts"]  # `import type` counts too


def test_nothing_imports_main() -> None:
    # The views above all: they navigate with the router's `go`.
    importers = [_name(m) for m, targets in _graph().items() if MAIN in targets]
    assert importers == [], f"main.ts is the entry; import the router instead: {importers}"


def test_the_import_graph_has_no_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
