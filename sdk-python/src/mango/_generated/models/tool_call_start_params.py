# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolCallStartParams")


@_attrs_define
class ToolCallStartParams:
    """The optional body of `sessions.tool_calls.start`.

    Attributes:
        session_thread_id (None | str | Unset): The originating Thread's id, when not the primary Thread (as on
            `user.tool_result`).
    """

    session_thread_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        tool_call_start_params = cls(
            session_thread_id=session_thread_id,
        )

        return tool_call_start_params
