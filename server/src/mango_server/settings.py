"""One frozen settings object, built once at start-up from ``MANGO_*`` variables.

Responsible for: names, defaults and parsing of every option. Not responsible for: starting
services or validating that a service is reachable. Nothing else reads ``os.environ`` after
start-up; ``docs/configuration.md`` and ``server/mango.env.example`` list every option.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

from mango_server.domain.model_windows import parse_windows


class SettingsError(Exception):
    """A required setting is missing or a value cannot be parsed; the message names the variable."""


@dataclass(frozen=True)
class Settings:
    """Every ``MANGO_*`` option with its default."""

    database_url: str = ""
    temporal_address: str = "127.0.0.1:7233"
    temporal_namespace: str = "default"
    temporal_task_queue: str = "mango-sessions"
    temporal_max_cached_workflows: int = 500
    uvloop: bool = True
    nats_url: str = "nats://127.0.0.1:4222"
    s3_endpoint_url: str = ""
    s3_bucket: str = "mango"
    s3_access_key_id: str = ""
    s3_secret_access_key: str = ""
    s3_region: str = "us-east-1"
    api_host: str = "127.0.0.1"
    api_port: int = 8400
    api_keepalive_seconds: int = 75
    public_base_url: str = ""
    model_provider: str = "offline"
    model_base_url: str = "https://api.anthropic.com"
    model_api_key: str = ""
    default_model: str = "mango-offline-1"
    model_max_retries: int = 4
    model_max_tokens: int = 4096
    model_windows: str = ""
    models_file: str = ""
    sse_ping_seconds: float = 15.0
    sse_max_streams_per_key: int = 100
    db_acquire_timeout_seconds: float = 10.0
    db_statement_timeout_ms: int = 30000
    api_shutdown_seconds: float = 5.0
    # On SIGINT/SIGTERM the orchestrator stops taking tasks and lets running steps finish this long.
    orchestrator_shutdown_seconds: float = 20.0
    # After a step leaves a Session idle, its orchestrator listens this long for the next input
    # (``orchestration.holds``; 0: never), holding at most ``step_hold_limit`` Sessions at once.
    step_hold_seconds: float = 2.0
    step_hold_limit: int = 100
    files_max_bytes: int = 32 * 1024 * 1024
    # images and PDFs as model input (``domain.media.MediaLimits``)
    media_image_max_bytes: int = 5 * 1024 * 1024
    media_pdf_max_bytes: int = 32 * 1024 * 1024
    media_pdf_max_pages: int = 100
    media_max_blocks: int = 20
    media_request_max_bytes: int = 32 * 1024 * 1024
    skills_max_archive_bytes: int = 32 * 1024 * 1024
    skills_max_expanded_bytes: int = 256 * 1024 * 1024
    skills_max_members: int = 10000
    upload_lease_seconds: float = 30.0
    upload_recovery_seconds: float = 60.0
    log_level: str = "INFO"
    log_format: str = "json"
    metrics_host: str = "127.0.0.1"
    api_metrics_port: int = 0
    orchestrator_metrics_port: int = 0
    otlp_endpoint: str = ""
    validate_responses: bool = False
    test_kill_after_commit_key: str = ""
    egress_allow: str = ""
    mcp_timeout_seconds: float = 60.0
    evaluator_timeout_seconds: float = 20.0
    evaluator_model: str = ""  # the catalogue model of the auto permission evaluator ("": the default model)
    grader_model: str = ""  # the catalogue model of the outcome grader ("": the Session's model)
    summary_model: str = ""  # the catalogue model of context summaries ("": the Session's model)
    rate_limit_per_second: float = 100.0
    rate_limit_burst: int = 1000
    work_poll_max_workers: int = 64
    # A Session shows ``worker_unavailable`` when its Work waited this long with no poll (``app.stalls``).
    worker_stall_seconds: float = 60.0
    # The retention pass (``app.retention``): how often each orchestrator tries one (one replica
    # runs it at a time), the rows of one batch, and the pause between two batches.
    retention_interval_seconds: float = 3600.0
    retention_batch_rows: int = 500
    retention_batch_pause_seconds: float = 0.5
    cors_origins: str = ""
    keyring_file: str = ""
    webhook_max_attempts: int = 3
    webhook_retry_min_seconds: float = 5.0
    webhook_retry_max_seconds: float = 120.0
    webhook_timeout_seconds: float = 10.0
    webhook_lease_seconds: float = 60.0
    webhook_retention_hours: float = 72.0

    @property
    def base_url(self) -> str:
        """The URL clients use to reach the api role."""
        return self.public_base_url or f"http://{self.api_host}:{self.api_port}"


_SECRET_FIELDS = frozenset({"model_api_key", "s3_secret_access_key", "database_url", "nats_url"})


def load_settings(environ: Mapping[str, str] | None = None, *, require_database: bool = True) -> Settings:
    """Build :class:`Settings` from ``MANGO_<FIELD>`` variables (``os.environ`` by default)."""
    env = os.environ if environ is None else environ
    values: dict[str, object] = {}
    for field in fields(Settings):
        name = f"MANGO_{field.name.upper()}"
        raw = env.get(name)
        if raw is None or raw == "":
            continue
        values[field.name] = _parse(name, raw, field.type)
    settings = Settings(**values)  # type: ignore[arg-type]
    try:
        parse_windows(settings.model_windows)
    except ValueError as exc:
        raise SettingsError(f"MANGO_MODEL_WINDOWS: {exc}") from None
    if require_database and not settings.database_url:
        raise SettingsError("MANGO_DATABASE_URL is required (a postgresql:// URL)")
    return settings


def redacted(settings: Settings) -> dict[str, object]:
    """The settings as a dict safe to log: secrets replaced by a fixed mask."""
    out: dict[str, object] = {}
    for field in fields(Settings):
        value = getattr(settings, field.name)
        out[field.name] = "***" if field.name in _SECRET_FIELDS and value else value
    return out


def _parse(name: str, raw: str, annotation: object) -> object:
    kind = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "str")
    try:
        if kind == "int":
            return int(raw)
        if kind == "float":
            return float(raw)
    except ValueError as exc:
        raise SettingsError(f"{name} must be a number, got {raw!r}") from exc
    if kind == "bool":
        if raw.lower() not in ("true", "false", "1", "0"):
            raise SettingsError(f"{name} must be true or false, got {raw!r}")
        return raw.lower() in ("true", "1")
    return raw
