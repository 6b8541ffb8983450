"""Which Temporal workflow runner executes the Session workflow, and on which thread.

Responsible for: choosing between Temporal's sandboxed runner and the plain one, and the executor
the worker hands each workflow activation to. The Session workflow (``orchestration.workflows``)
is a small deterministic loop that imports only its dataclasses (``orchestration.types``) and
Temporal: it reads no clock, randomness, environment or I/O of its own, and never blocks. The
sandbox re-creates module state and proxies every activation to guard against such calls at run
time, which costs CPU on every workflow task; the plain runner runs the same code without that
guard. The guard is kept where it catches mistakes at no cost to turns: the unit tests prepare and
run the workflow under the sandboxed runner, and ``MANGO_TEMPORAL_WORKFLOW_SANDBOX=true`` turns it
back on in a deployment.

Temporal's worker runs every activation on a thread of its own pool so that it can detect a
workflow that does not yield (a deadlock, after 2 s). That costs each activation a hand-off to
another thread and back, two a turn, with the GIL contended between the thread and the event
loop. The plain runner runs activations on the event loop's thread instead
(``InlineActivations``), as Temporal's own debug mode does: an activation of these workflows only
moves counters and schedules commands. With the sandbox on, the pool and its deadlock detection
are kept along with the other guard. Not responsible for the workflow's logic or the worker's
other options (``orchestration.worker``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from temporalio.worker import UnsandboxedWorkflowRunner, WorkflowRunner
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

T = TypeVar("T")


def workflow_runner(sandboxed: bool) -> WorkflowRunner:
    """The runner for the orchestrator's worker: sandboxed only when asked."""
    return SandboxedWorkflowRunner() if sandboxed else UnsandboxedWorkflowRunner()


def activation_executor(sandboxed: bool) -> ThreadPoolExecutor | None:
    """Where activations run: inline on the event loop, or (``None``) Temporal's thread pool with the sandbox."""
    return None if sandboxed else InlineActivations()


class InlineActivations(ThreadPoolExecutor):
    """Runs each submitted activation on the submitting event loop's thread, in its next iteration.

    A ``ThreadPoolExecutor`` only because that is the type Temporal's worker accepts: it starts no
    thread, every submission runs here.

    Temporal's worker submits an activation from inside one of the loop's tasks
    (``run_in_executor``); running it there, mid-step, would step the workflow's own tasks inside
    another task's step, which asyncio refuses on newer Pythons. A callback of the loop runs it
    between steps instead. The workflow's event loop registers itself as the thread's running loop
    while it runs and clears the registration on exit, so the callback puts the worker's loop back.
    """

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        loop = asyncio.get_running_loop()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:  # handed to the awaiting task, as a thread pool would
                future.set_exception(exc)
            else:
                future.set_result(result)
            finally:
                asyncio._set_running_loop(loop)

        loop.call_soon(run)
        return future
