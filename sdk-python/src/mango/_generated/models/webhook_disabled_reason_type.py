# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

WebhookDisabledReasonType = Literal["egress_refused", "private_address", "redirect"]

WEBHOOK_DISABLED_REASON_TYPE_VALUES: set[WebhookDisabledReasonType] = {
    "egress_refused",
    "private_address",
    "redirect",
}


def check_webhook_disabled_reason_type(value: str) -> WebhookDisabledReasonType:
    if value in WEBHOOK_DISABLED_REASON_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_DISABLED_REASON_TYPE_VALUES!r}")
