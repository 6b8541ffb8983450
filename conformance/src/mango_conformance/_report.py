"""The per-operation report: what was checked, what conformed, what failed and why.

Every operation of the contract gets one ``OperationReport``. Checks add observations to it;
its status is ``failed`` when any failure was recorded, ``not_implemented`` when the server
answered the valid request with 501 ``not_implemented``, ``conforms`` otherwise. An operation
that no check exercised fails, so a contract that grows an operation cannot pass silently.
Rendering is plain text (the CLI) or JSON (``--json``). Not responsible for running checks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONFORMS = "conforms"
NOT_IMPLEMENTED = "not_implemented"
FAILED = "failed"

_LABELS = {CONFORMS: "conforms", NOT_IMPLEMENTED: "not implemented", FAILED: "FAILED"}


@dataclass
class OperationReport:
    """What the suite learned about one operation."""

    operation_id: str
    method: str
    path: str
    checks: int = 0
    exercised: bool = False
    not_implemented: bool = False
    failures: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        if self.failures or not self.exercised:
            return FAILED
        return NOT_IMPLEMENTED if self.not_implemented else CONFORMS

    def reasons(self) -> list[str]:
        if not self.exercised:
            return ["never exercised with a valid request", *self.failures]
        return list(self.failures)

    def to_json(self) -> dict[str, Any]:
        return {
            "operation_id": self.operation_id,
            "method": self.method,
            "path": self.path,
            "status": self.status,
            "checks": self.checks,
            "failures": self.reasons(),
        }


@dataclass
class Report:
    """Every operation's report, in contract order, plus the run's context."""

    base_url: str
    operations: dict[str, OperationReport] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def add_operation(self, operation_id: str, method: str, path: str) -> None:
        self.operations[operation_id] = OperationReport(operation_id, method, path)

    def fail(self, operation_id: str, reason: str) -> None:
        """Record a failure; repeated reasons are kept once."""
        target = self.operations.get(operation_id)
        if target is None:
            self.errors.append(f"{operation_id}: {reason}")
        elif reason not in target.failures:
            target.failures.append(reason)

    @property
    def failed(self) -> list[OperationReport]:
        return [op for op in self.operations.values() if op.status == FAILED]

    @property
    def ok(self) -> bool:
        return not self.failed and not self.errors

    def counts(self) -> dict[str, int]:
        out = {CONFORMS: 0, NOT_IMPLEMENTED: 0, FAILED: 0}
        for op in self.operations.values():
            out[op.status] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "base_url": self.base_url,
            "ok": self.ok,
            "counts": self.counts(),
            "errors": self.errors,
            "operations": [op.to_json() for op in self.operations.values()],
        }

    def write_json(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    def render(self) -> str:
        """A human-readable table with one line per operation and its failure reasons."""
        width = max((len(op) for op in self.operations), default=10)
        lines = [f"Mango conformance against {self.base_url}", ""]
        for op in self.operations.values():
            lines.append(f"{op.operation_id:<{width}}  {_LABELS[op.status]:<15}  {op.checks:>3} checks")
            lines.extend(f"{'':<{width}}    - {reason}" for reason in op.reasons())
        lines.extend(f"error: {e}" for e in self.errors)
        counts = self.counts()
        lines += [
            "",
            f"{len(self.operations)} operations: {counts[CONFORMS]} conform, "
            f"{counts[NOT_IMPLEMENTED]} not implemented, {counts[FAILED]} failed",
        ]
        return "\n".join(lines)
