# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.always_allow_policy import AlwaysAllowPolicy
    from ..models.always_ask_policy import AlwaysAskPolicy
    from ..models.auto_policy import AutoPolicy


T = TypeVar("T", bound="ToolConfig")


@_attrs_define
class ToolConfig:
    """Settings for one tool of a toolset.

    Attributes:
        name (str): The tool name (for the built-in toolset one of bash, read, write, edit, glob, grep, web_fetch,
            web_search).
        type_ (str | Unset): The built-in toolset's configs repeat the tool name here (responses always do; the managed-
            agents clients read it to tell the configs apart). Optional on input, where it must equal `name`.
        enabled (bool | Unset): Whether the tool is offered; inherits the default when absent.
        permission_policy (AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy | Unset): How a tool call is permitted.
    """

    name: str
    type_: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    permission_policy: AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.always_allow_policy import AlwaysAllowPolicy
        from ..models.always_ask_policy import AlwaysAskPolicy

        name = self.name

        type_ = self.type_

        enabled = self.enabled

        permission_policy: dict[str, Any] | Unset
        if isinstance(self.permission_policy, Unset):
            permission_policy = UNSET
        elif isinstance(self.permission_policy, AlwaysAllowPolicy) or isinstance(
            self.permission_policy, AlwaysAskPolicy
        ):
            permission_policy = self.permission_policy.to_dict()
        else:
            permission_policy = self.permission_policy.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if permission_policy is not UNSET:
            field_dict["permission_policy"] = permission_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.always_allow_policy import AlwaysAllowPolicy
        from ..models.always_ask_policy import AlwaysAskPolicy
        from ..models.auto_policy import AutoPolicy

        d = dict(src_dict)
        name = d.pop("name")

        type_ = d.pop("type", UNSET)

        enabled = d.pop("enabled", UNSET)

        def _parse_permission_policy(data: object) -> AlwaysAllowPolicy | AlwaysAskPolicy | AutoPolicy | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_permission_policy_type_0 = AlwaysAllowPolicy.from_dict(data)

                return componentsschemas_permission_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_permission_policy_type_1 = AlwaysAskPolicy.from_dict(data)

                return componentsschemas_permission_policy_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_permission_policy_type_2 = AutoPolicy.from_dict(data)

            return componentsschemas_permission_policy_type_2

        permission_policy = _parse_permission_policy(d.pop("permission_policy", UNSET))

        tool_config = cls(
            name=name,
            type_=type_,
            enabled=enabled,
            permission_policy=permission_policy,
        )

        return tool_config
