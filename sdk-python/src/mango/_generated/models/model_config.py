# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.model_config_speed import ModelConfigSpeed, check_model_config_speed
from ..types import UNSET, Unset

T = TypeVar("T", bound="ModelConfig")


@_attrs_define
class ModelConfig:
    """The model an Agent runs on.

    Attributes:
        id (str): The model id (an open string, resolved by the server's model adapter).
        speed (ModelConfigSpeed | Unset): Requested inference speed; `fast` only on a model whose capabilities offer
            `fast_mode` (400 otherwise). Default: 'standard'.
        max_tokens (int | Unset): The most output tokens one model request may produce; at most the model's
            `max_output_tokens` (400 otherwise). Omitted: the deployment's default, within that limit.
    """

    id: str
    speed: ModelConfigSpeed | Unset = "standard"
    max_tokens: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        speed: str | Unset = UNSET
        if not isinstance(self.speed, Unset):
            speed = self.speed

        max_tokens = self.max_tokens

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if speed is not UNSET:
            field_dict["speed"] = speed
        if max_tokens is not UNSET:
            field_dict["max_tokens"] = max_tokens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        _speed = d.pop("speed", UNSET)
        speed: ModelConfigSpeed | Unset
        if isinstance(_speed, Unset):
            speed = UNSET
        else:
            speed = check_model_config_speed(_speed)

        max_tokens = d.pop("max_tokens", UNSET)

        model_config = cls(
            id=id,
            speed=speed,
            max_tokens=max_tokens,
        )

        return model_config
