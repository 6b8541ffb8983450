"""Rendering every target, writing the tree, the manifest and the drift check.

A ``Target`` names a module exposing ``render(spec) -> list[GeneratedFile]`` and the one
generated root its files live under. ``render_all`` imports targets lazily (a missing target
module is an error, never a silent skip) and returns a ``Plan``: every file's text, the
manifest included. ``write`` applies a plan to a repository root, rewriting changed files only
and deleting files the previous manifest listed but the plan no longer produces; ``check``
compares a plan with the tree (and ``git status``) without touching it. Both refuse a generated
root holding a marked file that no manifest accounts for (a stale leftover) or an unmarked
file (hand-written code inside a generated folder).

This module knows no target's contents and no spec rules; ``_spec`` and the targets own those.
"""

from __future__ import annotations

import difflib
import importlib
import logging
import subprocess
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from mango_generators._common import GeneratedFile, Spec, has_marker, marker_line
from mango_generators._spec import SpecError

__all__ = ["MANIFEST_PATH", "GenerationError", "Plan", "Target", "WriteReport", "check", "render_all", "write"]

log = logging.getLogger(__name__)

MANIFEST_PATH = PurePosixPath("generators/manifest.txt")
_IGNORED_DIRS = frozenset({"__pycache__", ".mypy_cache", ".ruff_cache", "node_modules"})
_IGNORED_SUFFIXES = frozenset({".pyc"})
_DIFF_LINES = 40


class GenerationError(Exception):
    """Generation or the drift check failed; ``problems`` lists every reason."""

    def __init__(self, summary: str, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        listing = "\n".join(f"  {problem}" for problem in self.problems)
        super().__init__(f"{summary}\n{listing}" if listing else summary)


@dataclass(frozen=True)
class Target:
    """One generator target: its module (with ``render``) and the generated root it owns."""

    name: str
    module: str
    root: PurePosixPath


@dataclass(frozen=True)
class Plan:
    """Everything one run produces: file texts by path (manifest included) and the roots in play."""

    files: dict[PurePosixPath, str]
    roots: tuple[PurePosixPath, ...]


@dataclass
class WriteReport:
    """What ``write`` changed on disk."""

    written: list[PurePosixPath] = field(default_factory=list)
    deleted: list[PurePosixPath] = field(default_factory=list)
    unchanged: int = 0


def render_all(spec: Spec, targets: Sequence[Target]) -> Plan:
    """Render every target (imported lazily) and build the manifest; raise on malformed output."""
    files: dict[PurePosixPath, str] = {}
    problems: list[str] = []
    for target in targets:
        render = _load(target)
        try:
            rendered = render(spec)
        except (ValueError, SpecError) as exc:
            # Targets raise these to reject a spec construct they cannot express; anything else is a bug.
            raise GenerationError(f"target {target.name} cannot render the spec: {exc}", []) from exc
        for generated in rendered:
            problems += _file_problems(target, generated, files)
            files[PurePosixPath(generated.path)] = generated.content
    if problems:
        raise GenerationError("generated files are malformed:", problems)
    files[MANIFEST_PATH] = _manifest_text(files)
    return Plan(files=files, roots=tuple(target.root for target in targets))


def write(root: Path, plan: Plan) -> WriteReport:
    """Apply ``plan`` under ``root``: refuse strays, delete dropped files, rewrite changed ones."""
    previous = set(_read_manifest(root))
    problems = [
        problem
        for path, text in _existing(root, plan.roots)
        if (problem := _stray_problem(path, text, plan, previous, deleting=True))
    ]
    if problems:
        raise GenerationError("generated folders hold files no manifest accounts for:", problems)
    report = WriteReport()
    for path in sorted(previous - set(plan.files)):
        target = root / path
        if any(_under(path, r) for r in plan.roots) and target.is_file():
            target.unlink()
            _prune_empty_dirs(target.parent, root, plan.roots)
            report.deleted.append(path)
    for path, text in sorted(plan.files.items()):
        target = root / path
        data = text.encode("utf-8")
        if target.is_file() and target.read_bytes() == data:
            report.unchanged += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        report.written.append(path)
    return report


def check(root: Path, plan: Plan, *, use_git: bool = True) -> list[str]:
    """Compare ``plan`` with the tree under ``root``; return one line (or diff) per drift."""
    drift: list[str] = []
    for path, text in sorted(plan.files.items()):
        target = root / path
        if not target.is_file():
            drift.append(f"missing: {path}")
            continue
        current = target.read_text(encoding="utf-8", errors="replace")
        if current != text:
            drift.append(f"changed: {path}\n{_diff(path, current, text)}")
    for path, existing in _existing(root, plan.roots):
        if path not in plan.files:
            drift.append(_stray_problem(path, existing, plan, set(), deleting=False) or f"unexpected: {path}")
    if use_git:
        drift += [f"uncommitted: {line}" for line in _git_status(root, [*plan.roots, MANIFEST_PATH])]
    return drift


def _load(target: Target) -> Callable[[Spec], list[GeneratedFile]]:
    try:
        module = importlib.import_module(target.module)
    except ModuleNotFoundError as exc:
        if exc.name != target.module:
            raise
        raise GenerationError(f"target {target.name}: module {target.module} does not exist", []) from exc
    render: Callable[[Spec], list[GeneratedFile]] = module.render
    return render


def _file_problems(target: Target, generated: GeneratedFile, seen: dict[PurePosixPath, str]) -> list[str]:
    path = PurePosixPath(generated.path)
    problems: list[str] = []
    if path.is_absolute() or ".." in path.parts or not _under(path, target.root):
        problems.append(f"{target.name}: {path} is not inside its generated root {target.root}")
    if path in seen:
        problems.append(f"{target.name}: {path} is produced twice")
    if not has_marker(generated.content):
        problems.append(f"{target.name}: {path} does not start with the generated-file marker")
    return problems


def _stray_problem(
    path: PurePosixPath, text: str | None, plan: Plan, previous: set[PurePosixPath], *, deleting: bool
) -> str | None:
    """Why an existing file under a generated root is not acceptable, or None when it is."""
    produced = path in plan.files
    marked = text is not None and has_marker(text)
    if not marked and not (produced and path in previous):
        return f"hand-written file inside a generated folder (no generated-file marker): {path}"
    if marked and not produced and not (deleting and path in previous):
        return f"stale generated file not in the manifest: {path} (delete it)"
    return None


def _existing(root: Path, roots: Iterable[PurePosixPath]) -> list[tuple[PurePosixPath, str | None]]:
    """Every file under the generated roots with its text (None when it is not UTF-8 text)."""
    found: list[tuple[PurePosixPath, str | None]] = []
    for generated_root in roots:
        base = root / generated_root
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            relative = file.relative_to(root)
            if not file.is_file() or _IGNORED_DIRS & set(relative.parts) or file.suffix in _IGNORED_SUFFIXES:
                continue
            try:
                text: str | None = file.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                text = None
            found.append((PurePosixPath(relative.as_posix()), text))
    return found


def _manifest_text(paths: Iterable[PurePosixPath]) -> str:
    lines = [marker_line("#"), *sorted({path.as_posix() for path in paths})]
    return "\n".join(lines) + "\n"


def _read_manifest(root: Path) -> list[PurePosixPath]:
    manifest = root / MANIFEST_PATH
    if not manifest.is_file():
        return []
    lines = manifest.read_text(encoding="utf-8").splitlines()
    return [PurePosixPath(line.strip()) for line in lines if line.strip() and not line.startswith("#")]


def _under(path: PurePosixPath, root: PurePosixPath) -> bool:
    return path != root and path.is_relative_to(root)


def _prune_empty_dirs(directory: Path, root: Path, roots: Sequence[PurePosixPath]) -> None:
    stops = {root / r for r in roots}
    while directory not in stops and directory.is_dir() and not any(directory.iterdir()):
        directory.rmdir()
        directory = directory.parent


def _diff(path: PurePosixPath, current: str, expected: str) -> str:
    lines = list(
        difflib.unified_diff(
            current.splitlines(), expected.splitlines(), f"{path} (tree)", f"{path} (spec)", n=1, lineterm=""
        )
    )
    shown = lines[:_DIFF_LINES]
    if len(lines) > _DIFF_LINES:
        shown.append(f"... {len(lines) - _DIFF_LINES} more diff lines")
    return "\n".join(f"    {line}" for line in shown)


def _git_status(root: Path, paths: Sequence[PurePosixPath]) -> list[str]:
    """``git status --porcelain`` lines for ``paths`` when ``root`` is a git work tree, else []."""
    try:
        inside = subprocess.run(
            ["git", "rev-parse", "--is-inside-work-tree"], cwd=root, capture_output=True, text=True, check=False
        )
        if inside.returncode != 0 or inside.stdout.strip() != "true":
            return []
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all", "--", *(p.as_posix() for p in paths)],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return []
    return [line for line in status.stdout.splitlines() if line.strip()]
