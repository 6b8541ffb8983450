# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.model_capabilities import ModelCapabilities


T = TypeVar("T", bound="Model")


@_attrs_define
class Model:
    """A model this deployment offers (an entry of the operator's model catalogue); never its endpoint URL or credential.

    Attributes:
        type_ (Literal['model']): Always `model`.
        id (str): The id an Agent's `model` names.
        aliases (list[str]): Other ids an Agent may name for the same model.
        context_window (int): Context window in tokens (input plus output).
        max_output_tokens (int): The largest `max_tokens` an Agent may ask of this model.
        capabilities (ModelCapabilities): What a model's endpoint can do, as the operator's catalogue declares it;
            anything undeclared is false.
        display_name (str): A human-readable name: the catalogue entry's display name, else its id.
        created_at (datetime.datetime): When the model was released; the epoch (`1970-01-01T00:00:00Z`) when unknown.
        lifecycle (Literal['active']): Always `active`: an offered model is available for use.
        max_input_tokens (int): Maximum input context window in tokens (the context window).
        max_tokens (int): The largest `max_tokens` an Agent may ask of this model (equal to `max_output_tokens`).
    """

    type_: Literal["model"]
    id: str
    aliases: list[str]
    context_window: int
    max_output_tokens: int
    capabilities: ModelCapabilities
    display_name: str
    created_at: datetime.datetime
    lifecycle: Literal["active"]
    max_input_tokens: int
    max_tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        aliases = self.aliases

        context_window = self.context_window

        max_output_tokens = self.max_output_tokens

        capabilities = self.capabilities.to_dict()

        display_name = self.display_name

        created_at = self.created_at.isoformat()

        lifecycle = self.lifecycle

        max_input_tokens = self.max_input_tokens

        max_tokens = self.max_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "aliases": aliases,
                "context_window": context_window,
                "max_output_tokens": max_output_tokens,
                "capabilities": capabilities,
                "display_name": display_name,
                "created_at": created_at,
                "lifecycle": lifecycle,
                "max_input_tokens": max_input_tokens,
                "max_tokens": max_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_capabilities import ModelCapabilities

        d = dict(src_dict)
        type_ = cast(Literal["model"], d.pop("type"))
        if type_ != "model":
            raise ValueError(f"type must match const 'model', got '{type_}'")

        id = d.pop("id")

        aliases = cast(list[str], d.pop("aliases"))

        context_window = d.pop("context_window")

        max_output_tokens = d.pop("max_output_tokens")

        capabilities = ModelCapabilities.from_dict(d.pop("capabilities"))

        display_name = d.pop("display_name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        lifecycle = cast(Literal["active"], d.pop("lifecycle"))
        if lifecycle != "active":
            raise ValueError(f"lifecycle must match const 'active', got '{lifecycle}'")

        max_input_tokens = d.pop("max_input_tokens")

        max_tokens = d.pop("max_tokens")

        model = cls(
            type_=type_,
            id=id,
            aliases=aliases,
            context_window=context_window,
            max_output_tokens=max_output_tokens,
            capabilities=capabilities,
            display_name=display_name,
            created_at=created_at,
            lifecycle=lifecycle,
            max_input_tokens=max_input_tokens,
            max_tokens=max_tokens,
        )

        model.additional_properties = d
        return model

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
