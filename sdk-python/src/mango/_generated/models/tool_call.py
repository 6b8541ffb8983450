# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tool_call_state import ToolCallState, check_tool_call_state

T = TypeVar("T", bound="ToolCall")


@_attrs_define
class ToolCall:
    """One worker-run built-in tool call in the operation journal, as `sessions.tool_calls.start` answers it.

    Attributes:
        type_ (Literal['tool_call']): Always `tool_call`.
        id (str): The `agent.tool_use` event id, as the request named it.
        session_thread_id (None | str): The child Thread whose call it is; null for the primary Thread's.
        name (str): The tool name.
        state (ToolCallState): Where a worker-run tool call stands in the operation journal: `started` (recorded before
            it runs), then `completed` (its `user.tool_result` was recorded) or `ambiguous` (the worker that started it
            stopped before a result: it may or may not have taken effect and is never run again).
        work_id (None | str): The Work item whose lease started it; null when a Workspace key started it.
        started_at (datetime.datetime): When it was started.
        finished_at (datetime.datetime | None): When it became `completed` or `ambiguous`; null while `started`.
    """

    type_: Literal["tool_call"]
    id: str
    session_thread_id: None | str
    name: str
    state: ToolCallState
    work_id: None | str
    started_at: datetime.datetime
    finished_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        session_thread_id: None | str
        session_thread_id = self.session_thread_id

        name = self.name

        state: str = self.state

        work_id: None | str
        work_id = self.work_id

        started_at = self.started_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "session_thread_id": session_thread_id,
                "name": name,
                "state": state,
                "work_id": work_id,
                "started_at": started_at,
                "finished_at": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["tool_call"], d.pop("type"))
        if type_ != "tool_call":
            raise ValueError(f"type must match const 'tool_call', got '{type_}'")

        id = d.pop("id")

        def _parse_session_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id"))

        name = d.pop("name")

        state = check_tool_call_state(d.pop("state"))

        def _parse_work_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        work_id = _parse_work_id(d.pop("work_id"))

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        tool_call = cls(
            type_=type_,
            id=id,
            session_thread_id=session_thread_id,
            name=name,
            state=state,
            work_id=work_id,
            started_at=started_at,
            finished_at=finished_at,
        )

        tool_call.additional_properties = d
        return tool_call

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
