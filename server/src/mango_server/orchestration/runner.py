"""Which Temporal workflow runner executes the Session workflow, and the worker's cache bound.

Responsible for: choosing between Temporal's sandboxed runner and the plain one. The Session
workflow (``orchestration.workflows``) is a small deterministic loop that imports only its
dataclasses (``orchestration.types``) and Temporal: it reads no clock, randomness, environment
or I/O of its own. The sandbox re-creates module state and proxies every activation to guard
against such calls at run time, which costs CPU on every workflow task; the plain runner runs
the same code without that guard. The guard is kept where it catches mistakes at no cost to
turns: the unit tests prepare and run the workflow under the sandboxed runner, and
``MANGO_TEMPORAL_WORKFLOW_SANDBOX=true`` turns it back on in a deployment. Not responsible for
the workflow's logic or the worker's other options (``orchestration.worker``).
"""

from __future__ import annotations

from temporalio.worker import UnsandboxedWorkflowRunner, WorkflowRunner
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner


def workflow_runner(sandboxed: bool) -> WorkflowRunner:
    """The runner for the orchestrator's worker: sandboxed only when asked."""
    return SandboxedWorkflowRunner() if sandboxed else UnsandboxedWorkflowRunner()
