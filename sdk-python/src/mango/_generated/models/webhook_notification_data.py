# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_notification_data_stop_reason import WebhookNotificationDataStopReason
    from ..models.worker_unavailable_stall import WorkerUnavailableStall


T = TypeVar("T", bound="WebhookNotificationData")


@_attrs_define
class WebhookNotificationData:
    """The thin description of what changed.

    Attributes:
        type_ (WebhookEventType): A notification type an endpoint can subscribe to, named as the hosted API names them.
            `session.status_idled` carries the `stop_reason`; `session.requires_action`,
            `session.budget_reached` and `session.credential_failed` are sent next to it when the stop
            reason is of that type. `session.status_terminated` carries the `worker_failed` stop reason
            of a Session a worker's permanent failure terminated. `session.worker_unavailable` is sent
            once per waiting stretch when a Session shows the `worker_unavailable` stall, with the stall.
            `deployment_run.completed` / `deployment_run.failed` are sent for scheduled Deployment
            Runs only.
        id (str): The resource id (`sesn_...`, or the Deployment Run id).
        workspace_id (str): The Workspace id.
        stop_reason (WebhookNotificationDataStopReason | Unset): On `session.status_idled`, `session.requires_action`,
            `session.budget_reached` and `session.credential_failed`, and on a `session.status_terminated` caused by a
            worker's failure: the Session's stop reason.
        stall (WorkerUnavailableStall | Unset): The Session's Work has been queued longer than the server's bound
            (`MANGO_WORKER_STALL_SECONDS`) and no worker of its Environment has polled in that time. The Session is not
            ended; the stall clears as soon as a worker of the Environment polls.
        deployment_id (str | Unset): On `deployment_run.*`: the Deployment the Run belongs to.
        session_id (None | str | Unset): On `deployment_run.*`: the Session the Run created, null when it created none.
    """

    type_: WebhookEventType
    id: str
    workspace_id: str
    stop_reason: WebhookNotificationDataStopReason | Unset = UNSET
    stall: WorkerUnavailableStall | Unset = UNSET
    deployment_id: str | Unset = UNSET
    session_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        id = self.id

        workspace_id = self.workspace_id

        stop_reason: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stop_reason, Unset):
            stop_reason = self.stop_reason.to_dict()

        stall: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stall, Unset):
            stall = self.stall.to_dict()

        deployment_id = self.deployment_id

        session_id: None | str | Unset
        if isinstance(self.session_id, Unset):
            session_id = UNSET
        else:
            session_id = self.session_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "workspace_id": workspace_id,
            }
        )
        if stop_reason is not UNSET:
            field_dict["stop_reason"] = stop_reason
        if stall is not UNSET:
            field_dict["stall"] = stall
        if deployment_id is not UNSET:
            field_dict["deployment_id"] = deployment_id
        if session_id is not UNSET:
            field_dict["session_id"] = session_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_notification_data_stop_reason import WebhookNotificationDataStopReason
        from ..models.worker_unavailable_stall import WorkerUnavailableStall

        d = dict(src_dict)
        type_ = check_webhook_event_type(d.pop("type"))

        id = d.pop("id")

        workspace_id = d.pop("workspace_id")

        _stop_reason = d.pop("stop_reason", UNSET)
        stop_reason: WebhookNotificationDataStopReason | Unset
        if isinstance(_stop_reason, Unset):
            stop_reason = UNSET
        else:
            stop_reason = WebhookNotificationDataStopReason.from_dict(_stop_reason)

        _stall = d.pop("stall", UNSET)
        stall: WorkerUnavailableStall | Unset
        if isinstance(_stall, Unset):
            stall = UNSET
        else:
            stall = WorkerUnavailableStall.from_dict(_stall)

        deployment_id = d.pop("deployment_id", UNSET)

        def _parse_session_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_id = _parse_session_id(d.pop("session_id", UNSET))

        webhook_notification_data = cls(
            type_=type_,
            id=id,
            workspace_id=workspace_id,
            stop_reason=stop_reason,
            stall=stall,
            deployment_id=deployment_id,
            session_id=session_id,
        )

        webhook_notification_data.additional_properties = d
        return webhook_notification_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
