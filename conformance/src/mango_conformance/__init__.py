"""Mango's black-box conformance suite: raw HTTP against a running deployment, judged by the contract.

Run it with ``mango-conformance --base-url URL --api-key KEY --other-api-key KEY2`` or from
Python with ``run(Config(...))``. It exercises every operation of ``openapi/mango.yaml`` with
valid input, bad input, missing credentials and a second Workspace's key, follows the SSE
stream through a turn and a custom-tool round trip, and reports per operation: conforms, not
implemented (501 ``not_implemented``) or failed, with the reasons. It imports only httpx,
httpx-sse, jsonschema and PyYAML; it never imports the server or the SDKs.
"""

from __future__ import annotations

from ._checks import Config, run
from ._report import CONFORMS, FAILED, NOT_IMPLEMENTED, OperationReport, Report
from ._spec import Spec, Verdict

__all__ = [
    "CONFORMS",
    "FAILED",
    "NOT_IMPLEMENTED",
    "Config",
    "OperationReport",
    "Report",
    "Spec",
    "Verdict",
    "run",
]
