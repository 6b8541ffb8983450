# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tool_config import ToolConfig
    from ..models.tool_default_config import ToolDefaultConfig


T = TypeVar("T", bound="AgentToolset")


@_attrs_define
class AgentToolset:
    """The built-in toolset. bash, read, write, edit, glob and grep run in the Environment worker; web_search runs at the
    model provider and accepts only `always_allow`. web_fetch runs at the model provider when its endpoint fetches
    natively and the policy is `always_allow`; otherwise (an endpoint without native web tools, such as the offline
    model, or an `always_ask` / `auto` policy) Mango's platform-managed, interceptable executor answers it. The choice
    is pinned per Session at its first model request.

        Attributes:
            type_ (Literal['agent_toolset_20260401']): Always `agent_toolset_20260401`.
            default_config (ToolDefaultConfig | Unset): Settings applied to every tool of a toolset unless a per-tool config
                overrides them.
            configs (list[ToolConfig] | Unset): Per-tool overrides, unique by name.
    """

    type_: Literal["agent_toolset_20260401"]
    default_config: ToolDefaultConfig | Unset = UNSET
    configs: list[ToolConfig] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        default_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.default_config, Unset):
            default_config = self.default_config.to_dict()

        configs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.configs, Unset):
            configs = []
            for configs_item_data in self.configs:
                configs_item = configs_item_data.to_dict()
                configs.append(configs_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if default_config is not UNSET:
            field_dict["default_config"] = default_config
        if configs is not UNSET:
            field_dict["configs"] = configs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool_config import ToolConfig
        from ..models.tool_default_config import ToolDefaultConfig

        d = dict(src_dict)
        type_ = cast(Literal["agent_toolset_20260401"], d.pop("type"))
        if type_ != "agent_toolset_20260401":
            raise ValueError(f"type must match const 'agent_toolset_20260401', got '{type_}'")

        _default_config = d.pop("default_config", UNSET)
        default_config: ToolDefaultConfig | Unset
        if isinstance(_default_config, Unset):
            default_config = UNSET
        else:
            default_config = ToolDefaultConfig.from_dict(_default_config)

        _configs = d.pop("configs", UNSET)
        configs: list[ToolConfig] | Unset = UNSET
        if _configs is not UNSET:
            configs = []
            for configs_item_data in _configs:
                configs_item = ToolConfig.from_dict(configs_item_data)

                configs.append(configs_item)

        agent_toolset = cls(
            type_=type_,
            default_config=default_config,
            configs=configs,
        )

        return agent_toolset
