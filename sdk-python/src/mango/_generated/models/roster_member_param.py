# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roster_member_param_type import RosterMemberParamType, check_roster_member_param_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.model_config import ModelConfig


T = TypeVar("T", bound="RosterMemberParam")


@_attrs_define
class RosterMemberParam:
    """A roster member: `{type: agent, id, version?}` (the latest version when `version` is absent), `{type: self}` (a copy
    of the coordinator itself, without the roster) or `{type: advisor, model}` (a tool-free Advisor that answers the
    coordinator only).

        Attributes:
            type_ (RosterMemberParamType): The kind of member.
            id (str | Unset): The Agent id (`agent` members only).
            version (int | Unset): The Agent version (`agent` members only); the latest when absent.
            model (ModelConfig | str | Unset): A bare model id, or a ModelConfig. Responses always carry a ModelConfig.
    """

    type_: RosterMemberParamType
    id: str | Unset = UNSET
    version: int | Unset = UNSET
    model: ModelConfig | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.model_config import ModelConfig

        type_: str = self.type_

        id = self.id

        version = self.version

        model: dict[str, Any] | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        elif isinstance(self.model, ModelConfig):
            model = self.model.to_dict()
        else:
            model = self.model

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if version is not UNSET:
            field_dict["version"] = version
        if model is not UNSET:
            field_dict["model"] = model

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_config import ModelConfig

        d = dict(src_dict)
        type_ = check_roster_member_param_type(d.pop("type"))

        id = d.pop("id", UNSET)

        version = d.pop("version", UNSET)

        def _parse_model(data: object) -> ModelConfig | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_model_param_type_1 = ModelConfig.from_dict(data)

                return componentsschemas_model_param_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelConfig | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        roster_member_param = cls(
            type_=type_,
            id=id,
            version=version,
            model=model,
        )

        return roster_member_param
