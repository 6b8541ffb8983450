"""The ``mango-conformance`` command: run the suite against a deployment and print the report.

Options fall back to ``MANGO_BASE_URL``, ``MANGO_API_KEY`` and
``MANGO_CONFORMANCE_OTHER_API_KEY``; the contract is the repository's ``openapi/mango.yaml``
unless ``--spec`` names another file. Exit status: 0 when every operation conforms or is not
implemented, 1 on any failure, 2 on a usage error. Not responsible for starting a server.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ._checks import DEFAULT_MODEL, Config, run
from ._spec import Spec, default_spec_path


def parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    cli = argparse.ArgumentParser(
        prog="mango-conformance",
        description="Check a running Mango deployment against the OpenAPI contract, operation by operation.",
    )
    cli.add_argument("--base-url", default=os.environ.get("MANGO_BASE_URL"), help="e.g. http://127.0.0.1:8000")
    cli.add_argument("--api-key", default=os.environ.get("MANGO_API_KEY"), help="a Workspace API key")
    cli.add_argument(
        "--other-api-key",
        default=os.environ.get("MANGO_CONFORMANCE_OTHER_API_KEY"),
        help="a key of a second Workspace, for isolation checks",
    )
    cli.add_argument("--spec", default=str(default_spec_path()), help="the OpenAPI document (default: %(default)s)")
    cli.add_argument("--model", default=DEFAULT_MODEL, help="the model of the Agents created (default: %(default)s)")
    cli.add_argument("--timeout", type=float, default=30.0, help="per-request timeout in seconds")
    cli.add_argument("--json", metavar="PATH", help="also write the report as JSON to PATH")
    return cli


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    cli = parser()
    args = cli.parse_args(argv)
    missing = [
        flag
        for flag, value in (
            ("--base-url / MANGO_BASE_URL", args.base_url),
            ("--api-key / MANGO_API_KEY", args.api_key),
            ("--other-api-key / MANGO_CONFORMANCE_OTHER_API_KEY", args.other_api_key),
        )
        if not value
    ]
    if missing:
        cli.error("missing " + ", ".join(missing))
    try:
        spec = Spec.load(args.spec)
    except (OSError, ValueError) as exc:
        cli.error(f"cannot load the spec: {exc}")
    config = Config(args.base_url, args.api_key, args.other_api_key, model=args.model, timeout=args.timeout)
    report = run(config, spec)
    print(report.render())
    if args.json:
        report.write_json(args.json)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
