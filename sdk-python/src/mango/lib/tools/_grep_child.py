"""The child process of the ``grep`` tool: one search per process, killed by the parent at its deadline.

Reads one JSON request from stdin (``workspace``, ``limit_bytes``, ``input``), writes one JSON
answer to stdout (``text``, ``is_error``) and exits. Not responsible for the deadline or
cancellation (``GrepTool.run`` kills the process) or for confinement rules (``Workspace``).
"""

from __future__ import annotations

import json
import sys

from ._paths import ToolInputError, Workspace
from ._search import GrepTool


def main() -> int:
    request = json.loads(sys.stdin.buffer.read())
    tool = GrepTool(Workspace.from_json(request["workspace"]), limit_bytes=int(request["limit_bytes"]))
    try:
        answer = {"text": tool.search(request["input"]), "is_error": False}
    except ToolInputError as exc:
        answer = {"text": str(exc), "is_error": True}
    except OSError as exc:
        answer = {"text": f"{exc.strerror or type(exc).__name__}: {exc.filename or ''}".rstrip(": "), "is_error": True}
    sys.stdout.write(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
