# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

WebhookEventType = Literal[
    "deployment_run.completed",
    "deployment_run.failed",
    "session.archived",
    "session.budget_reached",
    "session.created",
    "session.credential_failed",
    "session.deleted",
    "session.requires_action",
    "session.status_idled",
    "session.status_rescheduled",
    "session.status_run_started",
    "session.status_terminated",
    "session.worker_unavailable",
]

WEBHOOK_EVENT_TYPE_VALUES: set[WebhookEventType] = {
    "deployment_run.completed",
    "deployment_run.failed",
    "session.archived",
    "session.budget_reached",
    "session.created",
    "session.credential_failed",
    "session.deleted",
    "session.requires_action",
    "session.status_idled",
    "session.status_rescheduled",
    "session.status_run_started",
    "session.status_terminated",
    "session.worker_unavailable",
}


def check_webhook_event_type(value: str) -> WebhookEventType:
    if value in WEBHOOK_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENT_TYPE_VALUES!r}")
