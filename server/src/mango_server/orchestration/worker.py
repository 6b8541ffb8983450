"""The orchestrator role: Temporal worker for Session workflows and activities, the relay, the webhook dispatcher and
the periodic chores (storage gauges, stall watch, retention passes: ``app.retention``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import AsyncIterator
from datetime import timedelta

from temporalio.client import Client
from temporalio.runtime import LogForwardingConfig, LoggingConfig, Runtime, TelemetryConfig, TelemetryFilter
from temporalio.worker import Worker

from mango_server import event_loop
from mango_server.app.blobs import BlobWrites, process_owner
from mango_server.app.mcp_tokens import McpTokens
from mango_server.app.retention import Pacing, retain_forever
from mango_server.app.services import Services
from mango_server.app.turn import TurnEngine
from mango_server.app.turn.evaluator import ModelEvaluator
from mango_server.blob import S3BlobStore
from mango_server.keyring import configured
from mango_server.live import NatsNotifier
from mango_server.model import EndpointOptions, ModelRouter, build_router, load_catalogue
from mango_server.orchestration.activities import SessionActivities
from mango_server.orchestration.deployment_activities import DeploymentActivities
from mango_server.orchestration.deployment_workflow import DeploymentRunWorkflow
from mango_server.orchestration.holds import StepHolds
from mango_server.orchestration.relay import OutboxRelay
from mango_server.orchestration.sampler import sample_forever
from mango_server.orchestration.scheduler import DeploymentScheduler
from mango_server.orchestration.stall_watch import watch_forever
from mango_server.orchestration.webhooks import DispatchPolicy, WebhookDispatcher
from mango_server.orchestration.workflows import SessionWorkflow
from mango_server.settings import Settings
from mango_server.store.db import create_pool
from mango_server.telemetry import traces
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.mcp_connector import McpConnector

log = logging.getLogger(__name__)
_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def forwarding_runtime() -> Runtime:
    """The SDK's runtime with its core's log lines (warnings and errors, as by default) sent to Python logging,
    so they come out as the process's other lines do (one JSON object each), not as the core's own text."""
    forwarding = LogForwardingConfig(logger=logging.getLogger("temporalio.core"))
    filter_ = TelemetryFilter(core_level="WARN", other_level="ERROR")
    return Runtime(telemetry=TelemetryConfig(logging=LoggingConfig(filter=filter_, forwarding=forwarding)))


async def run_orchestrator(settings: Settings, models: ModelRouter | None = None) -> None:
    """Run the worker and the relay until cancelled; ``models``: one client per offered model (default: the
    catalogue of ``load_catalogue``, credentials read from the environment)."""
    models = models or build_router(load_catalogue(settings), os.environ, EndpointOptions())
    side_models = side_call_models(settings, models)
    pool = await create_pool(
        settings.database_url,
        acquire_timeout=settings.db_acquire_timeout_seconds,
        statement_timeout_ms=settings.db_statement_timeout_ms,
    )
    notifier = await NatsNotifier.connect(settings.nats_url)
    client = await Client.connect(
        settings.temporal_address,
        namespace=settings.temporal_namespace,
        interceptors=traces.interceptors(),
        runtime=forwarding_runtime(),
    )
    # Skill instructions are read from the canonical archives (load_skill); without S3 they are unavailable.
    blobs = S3BlobStore.from_settings(settings) if settings.s3_endpoint_url else None
    policy = EgressPolicy.from_setting(settings.egress_allow)
    keyring = configured(settings.keyring_file)
    # One live MCP client session per (Session, Thread, server), closed when idle (``tools.mcp_sessions``).
    connector = McpConnector(policy, timeout_seconds=settings.mcp_timeout_seconds)
    # Each entry's client is measured under its adapter's name; the router picks by the request's model id.
    engine = TurnEngine(
        pool,
        models,
        notifier,
        max_errors=settings.model_max_retries,
        max_tokens=settings.model_max_tokens,
        blobs=blobs,
        windows=models.catalogue.windows(),
        endpoints=models.endpoint,
        mcp=connector,
        # Vault credentials are sent to MCP servers only with a keyring to decrypt them.
        mcp_tokens=McpTokens(pool, keyring, policy) if keyring is not None else None,
        egress=policy,
        evaluator=ModelEvaluator(
            models,
            side_models["evaluator"] or models.catalogue.default,
            timeout_seconds=settings.evaluator_timeout_seconds,
        ),
        grader_model=side_models["grader"],
        summary_model=side_models["summary"],
        writes=BlobWrites(pool, blobs, process_owner("orchestrator"), settings.upload_lease_seconds) if blobs else None,
    )
    holds = StepHolds(pool, notifier, wait=settings.step_hold_seconds, limit=settings.step_hold_limit)
    activities = SessionActivities(engine, holds)
    writes = BlobWrites(pool, blobs, process_owner("orchestrator"), settings.upload_lease_seconds) if blobs else None
    runs = DeploymentActivities(Services(settings, pool, notifier, blobs=writes, catalogue=models.catalogue), client)
    worker = Worker(
        client,
        task_queue=settings.temporal_task_queue,
        workflows=[SessionWorkflow, DeploymentRunWorkflow],
        activities=[activities.run_step, runs.run, runs.failed],
        max_concurrent_activities=200,
        max_concurrent_local_activities=200,  # a Session's rounds (``orchestration.workflows``)
        # An idle Session's workflow waits in this cache; beyond the bound it is evicted and
        # replayed from its (short) history on the next wakeup, so memory stays bounded.
        max_cached_workflows=settings.temporal_max_cached_workflows,
        # A replica stopped during a rolling upgrade lets its running rounds finish (their provider
        # calls are not made and billed twice); a round still running then is cancelled, and
        # Temporal retries it on another replica.
        graceful_shutdown_timeout=timedelta(seconds=settings.orchestrator_shutdown_seconds),
    )
    relay = OutboxRelay(pool, client, settings.temporal_task_queue)
    if keyring is None:
        log.warning(
            "no keyring (MANGO_KEYRING_FILE): no webhook delivery, no vault credentials for MCP servers",
            extra={"action": "webhooks.no_keyring"},
        )
    event_loop.settle_heap()
    log.info("orchestrator started task_queue=%s", settings.temporal_task_queue, extra={"action": "orchestrator.start"})
    try:
        async with _stop_requested() as stop, asyncio.TaskGroup() as group:
            group.create_task(worker.run())
            chores = [
                group.create_task(relay.run()),
                group.create_task(DeploymentScheduler(pool, client, settings.temporal_task_queue).run()),
                group.create_task(sample_forever(pool)),
                group.create_task(watch_forever(pool, settings.worker_stall_seconds)),
            ]
            if settings.retention_interval_seconds > 0:
                pacing = Pacing(settings.retention_batch_rows, settings.retention_batch_pause_seconds)
                chores.append(
                    group.create_task(retain_forever(pool, notifier, settings.retention_interval_seconds, pacing))
                )
            if keyring is not None:
                webhooks = WebhookDispatcher(pool, keyring, policy, dispatch_policy(settings))
                chores.append(group.create_task(webhooks.run()))
            await stop.wait()
            # Drain: the worker stops polling and waits for its running activities (bounded by
            # graceful_shutdown_timeout) while the relay and the other loops still serve them.
            log.info("orchestrator stopping", extra={"action": "orchestrator.stop"})
            holds.drain()  # a held Session's step returns now instead of holding up the drain
            await worker.shutdown()
            for chore in chores:
                chore.cancel()
    finally:
        await connector.aclose()
        await models.aclose()
        await notifier.close()
        await pool.close()


@contextlib.asynccontextmanager
async def _stop_requested() -> AsyncIterator[asyncio.Event]:
    """An event set by SIGTERM or SIGINT while the block runs. Handled on the event loop, the signal
    never interrupts running code (a raised KeyboardInterrupt would cancel every running activity
    at once); the handlers are removed afterwards (a test may run the orchestrator in its own process)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in _STOP_SIGNALS:
        loop.add_signal_handler(signum, stop.set)
    try:
        yield stop
    finally:
        for signum in _STOP_SIGNALS:
            loop.remove_signal_handler(signum)


def side_call_models(settings: Settings, models: ModelRouter) -> dict[str, str | None]:
    """The models ``MANGO_EVALUATOR_MODEL``, ``MANGO_GRADER_MODEL`` and ``MANGO_SUMMARY_MODEL`` name
    (``None``: unset); each must be offered by the catalogue.

    Raises:
        ValueError: a named model is not in the catalogue.
    """
    named = {"evaluator": settings.evaluator_model, "grader": settings.grader_model, "summary": settings.summary_model}
    for role, model_id in named.items():
        if model_id and models.endpoint(model_id) is None:
            offered = ", ".join(models.catalogue.offered())
            setting = f"MANGO_{role.upper()}_MODEL"
            raise ValueError(f"{setting}: {model_id!r} is not in the model catalogue (offered: {offered})")
    return {role: model_id or None for role, model_id in named.items()}


def dispatch_policy(settings: Settings) -> DispatchPolicy:
    """The webhook attempt bounds of ``MANGO_WEBHOOK_*``."""
    return DispatchPolicy(
        max_attempts=settings.webhook_max_attempts,
        retry_min_seconds=settings.webhook_retry_min_seconds,
        retry_max_seconds=settings.webhook_retry_max_seconds,
        timeout_seconds=settings.webhook_timeout_seconds,
        lease_seconds=settings.webhook_lease_seconds,
        retention_hours=settings.webhook_retention_hours,
    )
