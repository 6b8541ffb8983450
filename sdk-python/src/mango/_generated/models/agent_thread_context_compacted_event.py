# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgentThreadContextCompactedEvent")


@_attrs_define
class AgentThreadContextCompactedEvent:
    """The thread's model context was compacted before a model request, because the request would not have fit the model's
    context window (or the provider refused it as too large). The transcript itself is unchanged; later requests start
    from the compacted projection (see docs/sessions.md).

        Attributes:
            type_ (Literal['agent.thread_context_compacted']): Always `agent.thread_context_compacted`.
            id (str): The event id (`sevt_...`).
            processed_at (datetime.datetime | None): When the event was processed.
            created_at (datetime.datetime): When the event was committed.
            session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
                events; a cross-posted child event names the child).
            pre_tokens (int | Unset): The measured input tokens of the request before compaction.
            post_tokens (int | Unset): The estimated input tokens of the compacted request.
            mode (str | Unset): How the context was compacted: `extractive`, `summary` (a model-written summary, when the
                Agent asks for it), or `extractive_aggressive` after a provider refusal. Clients must accept unknown modes.
            summary_fallback (str | Unset): Present when the Agent asked for a model-written summary and the summary call
                failed: why the extractive summary was used instead.
    """

    type_: Literal["agent.thread_context_compacted"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    session_thread_id: None | str | Unset = UNSET
    pre_tokens: int | Unset = UNSET
    post_tokens: int | Unset = UNSET
    mode: str | Unset = UNSET
    summary_fallback: str | Unset = UNSET
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

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        pre_tokens = self.pre_tokens

        post_tokens = self.post_tokens

        mode = self.mode

        summary_fallback = self.summary_fallback

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if pre_tokens is not UNSET:
            field_dict["pre_tokens"] = pre_tokens
        if post_tokens is not UNSET:
            field_dict["post_tokens"] = post_tokens
        if mode is not UNSET:
            field_dict["mode"] = mode
        if summary_fallback is not UNSET:
            field_dict["summary_fallback"] = summary_fallback

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["agent.thread_context_compacted"], d.pop("type"))
        if type_ != "agent.thread_context_compacted":
            raise ValueError(f"type must match const 'agent.thread_context_compacted', got '{type_}'")

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

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        pre_tokens = d.pop("pre_tokens", UNSET)

        post_tokens = d.pop("post_tokens", UNSET)

        mode = d.pop("mode", UNSET)

        summary_fallback = d.pop("summary_fallback", UNSET)

        agent_thread_context_compacted_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            session_thread_id=session_thread_id,
            pre_tokens=pre_tokens,
            post_tokens=post_tokens,
            mode=mode,
            summary_fallback=summary_fallback,
        )

        agent_thread_context_compacted_event.additional_properties = d
        return agent_thread_context_compacted_event

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
