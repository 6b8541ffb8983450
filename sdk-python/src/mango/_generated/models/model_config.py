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
        speed (ModelConfigSpeed | Unset): Requested inference speed. Default: 'standard'.
    """

    id: str
    speed: ModelConfigSpeed | Unset = "standard"

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        speed: str | Unset = UNSET
        if not isinstance(self.speed, Unset):
            speed = self.speed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if speed is not UNSET:
            field_dict["speed"] = speed

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

        model_config = cls(
            id=id,
            speed=speed,
        )

        return model_config
