# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.money import Money
    from ..models.server_tool_usage import ServerToolUsage


T = TypeVar("T", bound="SessionUsage")


@_attrs_define
class SessionUsage:
    """A Session's cumulative model usage and its list cost.

    Attributes:
        input_tokens (int): Uncached input tokens.
        output_tokens (int): Output tokens.
        cache_creation_input_tokens (int): Input tokens written to the prompt cache.
        cache_read_input_tokens (int): Input tokens read from the prompt cache.
        server_tool_use (ServerToolUsage): Provider-executed tool calls.
        list_cost (Money | None): The cost at the embedded list prices; null when a request used a model without a list
            price.
    """

    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int
    cache_read_input_tokens: int
    server_tool_use: ServerToolUsage
    list_cost: Money | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money

        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        cache_creation_input_tokens = self.cache_creation_input_tokens

        cache_read_input_tokens = self.cache_read_input_tokens

        server_tool_use = self.server_tool_use.to_dict()

        list_cost: dict[str, Any] | None
        if isinstance(self.list_cost, Money):
            list_cost = self.list_cost.to_dict()
        else:
            list_cost = self.list_cost

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "cache_creation_input_tokens": cache_creation_input_tokens,
                "cache_read_input_tokens": cache_read_input_tokens,
                "server_tool_use": server_tool_use,
                "list_cost": list_cost,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money import Money
        from ..models.server_tool_usage import ServerToolUsage

        d = dict(src_dict)
        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        cache_creation_input_tokens = d.pop("cache_creation_input_tokens")

        cache_read_input_tokens = d.pop("cache_read_input_tokens")

        server_tool_use = ServerToolUsage.from_dict(d.pop("server_tool_use"))

        def _parse_list_cost(data: object) -> Money | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                list_cost_type_0 = Money.from_dict(data)

                return list_cost_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Money | None, data)

        list_cost = _parse_list_cost(d.pop("list_cost"))

        session_usage = cls(
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cache_creation_input_tokens=cache_creation_input_tokens,
            cache_read_input_tokens=cache_read_input_tokens,
            server_tool_use=server_tool_use,
            list_cost=list_cost,
        )

        session_usage.additional_properties = d
        return session_usage

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
