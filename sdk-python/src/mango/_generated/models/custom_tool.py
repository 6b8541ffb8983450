# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_tool_input_schema import CustomToolInputSchema


T = TypeVar("T", bound="CustomTool")


@_attrs_define
class CustomTool:
    """An application-defined tool. A call emits `agent.custom_tool_use`, the Session goes idle with `requires_action`, and
    the application answers with `user.custom_tool_result`.

        Attributes:
            type_ (Literal['custom']): Always `custom`.
            name (str): The tool name, unique within the Agent.
            input_schema (CustomToolInputSchema): A JSON Schema object (`type` object) for the tool input.
            description (str | Unset): What the tool does, shown to the model.
    """

    type_: Literal["custom"]
    name: str
    input_schema: CustomToolInputSchema
    description: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        input_schema = self.input_schema.to_dict()

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "input_schema": input_schema,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_tool_input_schema import CustomToolInputSchema

        d = dict(src_dict)
        type_ = cast(Literal["custom"], d.pop("type"))
        if type_ != "custom":
            raise ValueError(f"type must match const 'custom', got '{type_}'")

        name = d.pop("name")

        input_schema = CustomToolInputSchema.from_dict(d.pop("input_schema"))

        description = d.pop("description", UNSET)

        custom_tool = cls(
            type_=type_,
            name=name,
            input_schema=input_schema,
            description=description,
        )

        return custom_tool
