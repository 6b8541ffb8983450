"""``docs/architecture.md`` walks one message from the spec to the SSE stream: every file it names
exists, every definition it names next to a file is defined there, and the walk stays short.

A hop names a file and then what to open in it, as two code spans: `` `app/events.py` `send` ``
(a function, class or ``Class.method`` of a Python file, a ``-- name:`` query of a SQL file, an
``operationId`` of the spec). Paths are relative to the repository or to ``server/src/mango_server``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SERVER = ROOT / "server" / "src" / "mango_server"
DOC = ROOT / "docs" / "architecture.md"
SECTION = "## One request, from the spec to the stream"
MAX_HOPS = 15

_FILE = r"`([\w./-]+\.(?:py|sql|yaml|ts))`"
_NAMED = re.compile(_FILE + r"\s+`([\w.]+)`")
_ANY_FILE = re.compile(_FILE)


def _walk() -> str:
    text = DOC.read_text()
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end != -1 else len(text)]


def _resolve(name: str) -> Path | None:
    for base in (ROOT, SERVER):
        if (base / name).is_file():
            return base / name
    return None


def _defines(path: Path, name: str) -> bool:
    source = path.read_text()
    if path.suffix == ".sql":
        return re.search(rf"^-- name: {re.escape(name)}\b", source, re.M) is not None
    if path.suffix == ".yaml":
        return re.search(rf"^\s*operationId: {re.escape(name)}\s*$", source, re.M) is not None
    return all(
        re.search(rf"^\s*(?:async def|def|class) {re.escape(part)}\b|^{re.escape(part)}\s*[:=]", source, re.M)
        for part in name.split(".")
    )


def test_the_walk_is_at_most_fifteen_hops() -> None:
    hops = re.findall(r"^\d+\. ", _walk(), re.M)
    assert 0 < len(hops) <= MAX_HOPS, f"{len(hops)} hops"


def test_every_file_the_walk_names_exists() -> None:
    names = set(_ANY_FILE.findall(_walk()))
    assert len(names) >= 10  # the parse finds the walk's files: a walk that names none proves nothing
    missing = sorted(name for name in names if _resolve(name) is None)
    assert not missing, missing


def test_every_definition_the_walk_names_is_defined_in_its_file() -> None:
    pairs = _NAMED.findall(_walk())
    assert len(pairs) >= 10
    wrong = []
    for file, name in pairs:
        path = _resolve(file)
        if path is None or not _defines(path, name):
            wrong.append(f"{file} {name}")
    assert not wrong, wrong


def test_a_misnamed_definition_is_caught() -> None:
    # The check can fail: a name that is not defined in its file is reported.
    path = _resolve("app/turn/engine.py")
    assert path is not None
    assert _defines(path, "TurnEngine.step")
    assert not _defines(path, "TurnEngine.no_such_method")
