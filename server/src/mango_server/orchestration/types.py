"""Workflow and activity inputs/outputs: one small dataclass each, ids and projections only.

Temporal history carries these and nothing larger: never model requests, transcripts, tool
output or credentials.
"""

from __future__ import annotations

from dataclasses import dataclass

WORKFLOW_ID_PREFIX = "session-"


def workflow_id(session_id: str) -> str:
    """The stable Temporal workflow id of a Session."""
    return WORKFLOW_ID_PREFIX + session_id


@dataclass
class SessionWorkflowInput:
    """Start (or continue-as-new) input of the Session workflow."""

    session_id: str
    pending_wakes: int = 0


@dataclass
class StepInput:
    """Input of the ``run_step`` activity; ``traceparent`` is the W3C id of the wakeup's trace."""

    session_id: str
    traceparent: str = ""


@dataclass
class StepResult:
    """What ``run_step`` tells the workflow: idle | continue | retry | stop."""

    kind: str
    delay_seconds: float = 0.0
