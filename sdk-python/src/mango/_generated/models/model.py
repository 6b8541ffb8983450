# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

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
    """

    type_: Literal["model"]
    id: str
    aliases: list[str]
    context_window: int
    max_output_tokens: int
    capabilities: ModelCapabilities
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        aliases = self.aliases

        context_window = self.context_window

        max_output_tokens = self.max_output_tokens

        capabilities = self.capabilities.to_dict()

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

        model = cls(
            type_=type_,
            id=id,
            aliases=aliases,
            context_window=context_window,
            max_output_tokens=max_output_tokens,
            capabilities=capabilities,
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
