# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.money import Money


T = TypeVar("T", bound="SessionBudget")


@_attrs_define
class SessionBudget:
    """Limits a Session's model spending. Before every model request Mango projects the Session's usage with that request
    (its estimated input plus its maximum output) and stops the Session with `budget_reached` instead of sending it when
    a limit would be exceeded.

        Attributes:
            type_ (Literal['limit']): Always `limit`.
            max_list_cost (Money | None | Unset): The most the Session may cost at list prices; null for no cost limit.
            max_tokens (int | None | Unset): The most input plus output tokens the Session may use; null for no token limit.
    """

    type_: Literal["limit"]
    max_list_cost: Money | None | Unset = UNSET
    max_tokens: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.money import Money

        type_ = self.type_

        max_list_cost: dict[str, Any] | None | Unset
        if isinstance(self.max_list_cost, Unset):
            max_list_cost = UNSET
        elif isinstance(self.max_list_cost, Money):
            max_list_cost = self.max_list_cost.to_dict()
        else:
            max_list_cost = self.max_list_cost

        max_tokens: int | None | Unset
        if isinstance(self.max_tokens, Unset):
            max_tokens = UNSET
        else:
            max_tokens = self.max_tokens

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if max_list_cost is not UNSET:
            field_dict["max_list_cost"] = max_list_cost
        if max_tokens is not UNSET:
            field_dict["max_tokens"] = max_tokens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money import Money

        d = dict(src_dict)
        type_ = cast(Literal["limit"], d.pop("type"))
        if type_ != "limit":
            raise ValueError(f"type must match const 'limit', got '{type_}'")

        def _parse_max_list_cost(data: object) -> Money | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                max_list_cost_type_0 = Money.from_dict(data)

                return max_list_cost_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Money | None | Unset, data)

        max_list_cost = _parse_max_list_cost(d.pop("max_list_cost", UNSET))

        def _parse_max_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_tokens = _parse_max_tokens(d.pop("max_tokens", UNSET))

        session_budget = cls(
            type_=type_,
            max_list_cost=max_list_cost,
            max_tokens=max_tokens,
        )

        return session_budget
