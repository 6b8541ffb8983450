# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.agent_mcp_tool_result_event_outcome import (
    AgentMcpToolResultEventOutcome,
    check_agent_mcp_tool_result_event_outcome,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="AgentMcpToolResultEvent")


@_attrs_define
class AgentMcpToolResultEvent:
    """The result of an MCP tool call. A large textual result is retained as a File (`file_id`) and the event carries a
    2,000-character preview.

        Attributes:
            type_ (Literal['agent.mcp_tool_result']): Always `agent.mcp_tool_result`.
            id (str): The event id (`sevt_...`).
            processed_at (datetime.datetime | None): When the event was processed.
            created_at (datetime.datetime): When the event was committed.
            mcp_tool_use_id (str): The `agent.mcp_tool_use` event answered.
            content (list[TextBlock]): The tool output (or its preview).
            is_error (bool): Whether the tool failed.
            session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
                events; a cross-posted child event names the child).
            outcome (AgentMcpToolResultEventOutcome | Unset): `ambiguous`: the call was sent (or may have been) but its
                answer was lost (the connection broke, or the orchestrator stopped mid-call), so it may or may not have taken
                effect; it was not sent again and the model got an error result saying so. Absent (or `completed`) when the MCP
                server answered.
            file_id (None | str | Unset): The File holding the full result when it was too large for the event.
            file_size_bytes (int | Unset): With `file_id`: the File's size, so a worker can verify its download.
            file_sha256 (str | Unset): With `file_id`: the SHA-256 of the File's bytes (lowercase hex), so a worker can
                verify its download.
    """

    type_: Literal["agent.mcp_tool_result"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    mcp_tool_use_id: str
    content: list[TextBlock]
    is_error: bool
    session_thread_id: None | str | Unset = UNSET
    outcome: AgentMcpToolResultEventOutcome | Unset = UNSET
    file_id: None | str | Unset = UNSET
    file_size_bytes: int | Unset = UNSET
    file_sha256: str | Unset = UNSET
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

        mcp_tool_use_id = self.mcp_tool_use_id

        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        is_error = self.is_error

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        outcome: str | Unset = UNSET
        if not isinstance(self.outcome, Unset):
            outcome = self.outcome

        file_id: None | str | Unset
        if isinstance(self.file_id, Unset):
            file_id = UNSET
        else:
            file_id = self.file_id

        file_size_bytes = self.file_size_bytes

        file_sha256 = self.file_sha256

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "mcp_tool_use_id": mcp_tool_use_id,
                "content": content,
                "is_error": is_error,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if file_id is not UNSET:
            field_dict["file_id"] = file_id
        if file_size_bytes is not UNSET:
            field_dict["file_size_bytes"] = file_size_bytes
        if file_sha256 is not UNSET:
            field_dict["file_sha256"] = file_sha256

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["agent.mcp_tool_result"], d.pop("type"))
        if type_ != "agent.mcp_tool_result":
            raise ValueError(f"type must match const 'agent.mcp_tool_result', got '{type_}'")

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

        mcp_tool_use_id = d.pop("mcp_tool_use_id")

        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = TextBlock.from_dict(content_item_data)

            content.append(content_item)

        is_error = d.pop("is_error")

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        _outcome = d.pop("outcome", UNSET)
        outcome: AgentMcpToolResultEventOutcome | Unset
        if isinstance(_outcome, Unset):
            outcome = UNSET
        else:
            outcome = check_agent_mcp_tool_result_event_outcome(_outcome)

        def _parse_file_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        file_id = _parse_file_id(d.pop("file_id", UNSET))

        file_size_bytes = d.pop("file_size_bytes", UNSET)

        file_sha256 = d.pop("file_sha256", UNSET)

        agent_mcp_tool_result_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            mcp_tool_use_id=mcp_tool_use_id,
            content=content,
            is_error=is_error,
            session_thread_id=session_thread_id,
            outcome=outcome,
            file_id=file_id,
            file_size_bytes=file_size_bytes,
            file_sha256=file_sha256,
        )

        agent_mcp_tool_result_event.additional_properties = d
        return agent_mcp_tool_result_event

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
