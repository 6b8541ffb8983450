"""Entry point: ``python -m mango_generators [--check] [--spec PATH] [--root PATH]``.

Loads and checks ``openapi/mango.yaml``, renders every target in ``TARGETS`` and either writes
the result with ``generators/manifest.txt`` (default) or, with ``--check``, compares it with
the tree and ``git status`` and exits 1 on any drift. Exit codes: 0 success, 1 drift or a
generated-folder problem, 2 an invalid spec.

This module only parses arguments and reports; the work lives in ``_spec`` and ``_manifest``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from mango_generators._manifest import GenerationError, Target, check, render_all, write
from mango_generators._spec import SpecError, load_spec

__all__ = ["TARGETS", "main"]

log = logging.getLogger("mango_generators")

TARGETS: tuple[Target, ...] = (
    Target("server_models", "mango_generators.server_models", PurePosixPath("server/src/mango_server/api/_generated")),
    Target(
        "server_events", "mango_generators.server_events", PurePosixPath("server/src/mango_server/domain/_generated")
    ),
    Target("server_wire", "mango_generators.server_wire", PurePosixPath("server/src/mango_server/domain/_generated")),
    Target("python_client", "mango_generators.python_client", PurePosixPath("sdk-python/src/mango/_generated")),
    Target("typescript", "mango_generators.typescript", PurePosixPath("sdk-typescript/src/generated")),
    Target("go", "mango_generators.go", PurePosixPath("sdk-go/api")),
)
"""Every target, in rendering order. Each module exposes ``render(spec) -> list[GeneratedFile]``."""

_DEFAULT_ROOT = Path(__file__).resolve().parents[2]


def main(argv: Sequence[str] | None = None, targets: Sequence[Target] = TARGETS) -> int:
    """Run the generators; return the process exit code."""
    args = _parser().parse_args(argv)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", stream=sys.stderr)
    root: Path = args.root.resolve()
    spec_path: Path = args.spec if args.spec is not None else root / "openapi" / "mango.yaml"
    try:
        spec = load_spec(spec_path)
        plan = render_all(spec, targets)
        if args.check:
            drift = check(root, plan, use_git=not args.no_git)
            if drift:
                raise GenerationError("generated code drifts from the spec (run `make generate` and commit):", drift)
            log.info("generated code is up to date files=%d", len(plan.files))
        else:
            report = write(root, plan)
            for path in report.deleted:
                log.info("deleted path=%s", path)
            for path in report.written:
                log.info("wrote path=%s", path)
            log.info(
                "generated written=%d deleted=%d unchanged=%d",
                len(report.written),
                len(report.deleted),
                report.unchanged,
            )
    except SpecError as exc:
        log.error("invalid spec: %s", exc)
        return 2
    except GenerationError as exc:
        log.error("%s", exc)
        return 1
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mango_generators", description="Render every target from openapi/mango.yaml."
    )
    parser.add_argument(
        "--check", action="store_true", help="compare with the tree instead of writing; exit 1 on drift"
    )
    parser.add_argument("--spec", type=Path, default=None, help="the spec (default: <root>/openapi/mango.yaml)")
    parser.add_argument("--root", type=Path, default=_DEFAULT_ROOT, help="the repository root (default: this checkout)")
    parser.add_argument("--no-git", action="store_true", help="with --check, skip the `git status` comparison")
    return parser


if __name__ == "__main__":
    sys.exit(main())
