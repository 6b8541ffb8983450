# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.agent_tool_use_event_evaluated_permission import (
    AgentToolUseEventEvaluatedPermission,
    check_agent_tool_use_event_evaluated_permission,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_tool_use_event_input import AgentToolUseEventInput
    from ..models.permission_evaluation import PermissionEvaluation


T = TypeVar("T", bound="AgentToolUseEvent")


@_attrs_define
class AgentToolUseEvent:
    """A built-in tool call. Worker-run tools (bash, read, write, edit, glob, grep) are answered with `user.tool_result`;
    with `evaluated_permission` `ask` the worker waits for a `user.tool_confirmation` allow first. A worker records
    `started` (`sessions.tool_calls.start`) before it runs a call that can change anything; when that worker stops
    before a result, Mango answers the call with `agent.tool_result` `outcome: ambiguous` instead. The platform-managed
    `web_fetch` is answered by Mango itself with `agent.tool_result` (after the confirmation, when it asks).

        Attributes:
            type_ (Literal['agent.tool_use']): Always `agent.tool_use`.
            id (str): The event id (`sevt_...`), used as `tool_use_id`.
            processed_at (datetime.datetime | None): When the event was processed.
            created_at (datetime.datetime): When the event was committed.
            name (str): The tool name.
            input_ (AgentToolUseEventInput): The tool input.
            evaluated_permission (AgentToolUseEventEvaluatedPermission): The permission decision for this call.
            session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
                events; a cross-posted child event names the child).
            evaluation (PermissionEvaluation | Unset): The decision of the `auto` permission evaluator for one call. Any
                failure, timeout or unparsable answer of the evaluator asks (`reason_type` `indeterminate`).
            source_event_id (None | str | Unset): For a relayed child action, the id of the originating event.
    """

    type_: Literal["agent.tool_use"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    name: str
    input_: AgentToolUseEventInput
    evaluated_permission: AgentToolUseEventEvaluatedPermission
    session_thread_id: None | str | Unset = UNSET
    evaluation: PermissionEvaluation | Unset = UNSET
    source_event_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        name = self.name

        input_ = self.input_.to_dict()

        evaluated_permission: str = self.evaluated_permission

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        evaluation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evaluation, Unset):
            evaluation = self.evaluation.to_dict()

        source_event_id: None | str | Unset
        if isinstance(self.source_event_id, Unset):
            source_event_id = UNSET
        else:
            source_event_id = self.source_event_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "name": name,
                "input": input_,
                "evaluated_permission": evaluated_permission,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if evaluation is not UNSET:
            field_dict["evaluation"] = evaluation
        if source_event_id is not UNSET:
            field_dict["source_event_id"] = source_event_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_tool_use_event_input import AgentToolUseEventInput
        from ..models.permission_evaluation import PermissionEvaluation

        d = dict(src_dict)
        type_ = cast(Literal["agent.tool_use"], d.pop("type"))
        if type_ != "agent.tool_use":
            raise ValueError(f"type must match const 'agent.tool_use', got '{type_}'")

        id = d.pop("id")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        name = d.pop("name")

        input_ = AgentToolUseEventInput.from_dict(d.pop("input"))

        evaluated_permission = check_agent_tool_use_event_evaluated_permission(d.pop("evaluated_permission"))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        _evaluation = d.pop("evaluation", UNSET)
        evaluation: PermissionEvaluation | Unset
        if isinstance(_evaluation, Unset):
            evaluation = UNSET
        else:
            evaluation = PermissionEvaluation.from_dict(_evaluation)

        def _parse_source_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_event_id = _parse_source_event_id(d.pop("source_event_id", UNSET))

        agent_tool_use_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            name=name,
            input_=input_,
            evaluated_permission=evaluated_permission,
            session_thread_id=session_thread_id,
            evaluation=evaluation,
            source_event_id=source_event_id,
        )

        agent_tool_use_event.additional_properties = d
        return agent_tool_use_event

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
