# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ContextOverflowStopReason")


@_attrs_define
class ContextOverflowStopReason:
    """The model refused the request as larger than its context window even after the most aggressive compaction, so the
    turn ended (queued input was flushed). The Session keeps its compacted context; the next `user.message` starts a
    turn from it.

        Attributes:
            type_ (Literal['context_overflow']): Always `context_overflow`.
            input_tokens (int): The estimated input tokens of the last refused request.
    """

    type_: Literal["context_overflow"]
    input_tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        input_tokens = self.input_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "input_tokens": input_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["context_overflow"], d.pop("type"))
        if type_ != "context_overflow":
            raise ValueError(f"type must match const 'context_overflow', got '{type_}'")

        input_tokens = d.pop("input_tokens")

        context_overflow_stop_reason = cls(
            type_=type_,
            input_tokens=input_tokens,
        )

        context_overflow_stop_reason.additional_properties = d
        return context_overflow_stop_reason

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
