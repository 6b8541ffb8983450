# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgentRef")


@_attrs_define
class AgentRef:
    """An Agent at a version; the latest version when `version` is absent.

    Attributes:
        type_ (Literal['agent']): Always `agent`.
        id (str): The Agent id.
        version (int | Unset): The Agent version; the latest when absent.
    """

    type_: Literal["agent"]
    id: str
    version: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["agent"], d.pop("type"))
        if type_ != "agent":
            raise ValueError(f"type must match const 'agent', got '{type_}'")

        id = d.pop("id")

        version = d.pop("version", UNSET)

        agent_ref = cls(
            type_=type_,
            id=id,
            version=version,
        )

        return agent_ref
