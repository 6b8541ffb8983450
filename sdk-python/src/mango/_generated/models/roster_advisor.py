# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.model_config import ModelConfig


T = TypeVar("T", bound="RosterAdvisor")


@_attrs_define
class RosterAdvisor:
    """The Advisor roster member.

    Attributes:
        type_ (Literal['advisor']): Always `advisor`.
        model (ModelConfig): The model an Agent runs on.
    """

    type_: Literal["advisor"]
    model: ModelConfig
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        model = self.model.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "model": model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_config import ModelConfig

        d = dict(src_dict)
        type_ = cast(Literal["advisor"], d.pop("type"))
        if type_ != "advisor":
            raise ValueError(f"type must match const 'advisor', got '{type_}'")

        model = ModelConfig.from_dict(d.pop("model"))

        roster_advisor = cls(
            type_=type_,
            model=model,
        )

        roster_advisor.additional_properties = d
        return roster_advisor

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
