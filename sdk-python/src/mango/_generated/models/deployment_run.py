# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_run_outcome import DeploymentRunOutcome, check_deployment_run_outcome

if TYPE_CHECKING:
    from ..models.deployment_agent import DeploymentAgent
    from ..models.deployment_run_error import DeploymentRunError
    from ..models.manual_trigger_context import ManualTriggerContext
    from ..models.schedule_trigger_context import ScheduleTriggerContext


T = TypeVar("T", bound="DeploymentRun")


@_attrs_define
class DeploymentRun:
    """The immutable record of one Run of a Deployment.

    Attributes:
        type_ (Literal['deployment_run']): Always `deployment_run`.
        id (str): The Run id (`drun_...`).
        deployment_id (str): The Deployment.
        agent (DeploymentAgent): The Agent a Deployment runs.
        session_id (None | str): The Session the Run created; null when it created none.
        outcome (DeploymentRunOutcome): `session_created`, `skipped` (the previous Run's Session was still running under
            the `skip` policy) or `failed` (see `error`).
        error (DeploymentRunError | None): Why no Session was created; null otherwise.
        trigger_context (ManualTriggerContext | ScheduleTriggerContext): What started a Run.
        created_at (datetime.datetime): When the Run was recorded.
    """

    type_: Literal["deployment_run"]
    id: str
    deployment_id: str
    agent: DeploymentAgent
    session_id: None | str
    outcome: DeploymentRunOutcome
    error: DeploymentRunError | None
    trigger_context: ManualTriggerContext | ScheduleTriggerContext
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deployment_run_error import DeploymentRunError
        from ..models.schedule_trigger_context import ScheduleTriggerContext

        type_ = self.type_

        id = self.id

        deployment_id = self.deployment_id

        agent = self.agent.to_dict()

        session_id: None | str
        session_id = self.session_id

        outcome: str = self.outcome

        error: dict[str, Any] | None
        if isinstance(self.error, DeploymentRunError):
            error = self.error.to_dict()
        else:
            error = self.error

        trigger_context: dict[str, Any]
        if isinstance(self.trigger_context, ScheduleTriggerContext):
            trigger_context = self.trigger_context.to_dict()
        else:
            trigger_context = self.trigger_context.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "deployment_id": deployment_id,
                "agent": agent,
                "session_id": session_id,
                "outcome": outcome,
                "error": error,
                "trigger_context": trigger_context,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_agent import DeploymentAgent
        from ..models.deployment_run_error import DeploymentRunError
        from ..models.manual_trigger_context import ManualTriggerContext
        from ..models.schedule_trigger_context import ScheduleTriggerContext

        d = dict(src_dict)
        type_ = cast(Literal["deployment_run"], d.pop("type"))
        if type_ != "deployment_run":
            raise ValueError(f"type must match const 'deployment_run', got '{type_}'")

        id = d.pop("id")

        deployment_id = d.pop("deployment_id")

        agent = DeploymentAgent.from_dict(d.pop("agent"))

        def _parse_session_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_id = _parse_session_id(d.pop("session_id"))

        outcome = check_deployment_run_outcome(d.pop("outcome"))

        def _parse_error(data: object) -> DeploymentRunError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = DeploymentRunError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeploymentRunError | None, data)

        error = _parse_error(d.pop("error"))

        def _parse_trigger_context(data: object) -> ManualTriggerContext | ScheduleTriggerContext:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_trigger_context_type_0 = ScheduleTriggerContext.from_dict(data)

                return componentsschemas_trigger_context_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_trigger_context_type_1 = ManualTriggerContext.from_dict(data)

            return componentsschemas_trigger_context_type_1

        trigger_context = _parse_trigger_context(d.pop("trigger_context"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        deployment_run = cls(
            type_=type_,
            id=id,
            deployment_id=deployment_id,
            agent=agent,
            session_id=session_id,
            outcome=outcome,
            error=error,
            trigger_context=trigger_context,
            created_at=created_at,
        )

        deployment_run.additional_properties = d
        return deployment_run

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
