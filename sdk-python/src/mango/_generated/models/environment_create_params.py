# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata import Metadata
    from ..models.self_hosted_config import SelfHostedConfig


T = TypeVar("T", bound="EnvironmentCreateParams")


@_attrs_define
class EnvironmentCreateParams:
    """The body of `environments.create`.

    Attributes:
        name (str): A name unique in the Workspace.
        description (None | str | Unset): What the Environment is for.
        config (SelfHostedConfig | Unset): Tools run in operator-owned workers that poll the Environment's work queue.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
    """

    name: str
    description: None | str | Unset = UNSET
    config: SelfHostedConfig | Unset = UNSET
    metadata: Metadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if config is not UNSET:
            field_dict["config"] = config
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata import Metadata
        from ..models.self_hosted_config import SelfHostedConfig

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _config = d.pop("config", UNSET)
        config: SelfHostedConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = SelfHostedConfig.from_dict(_config)

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        environment_create_params = cls(
            name=name,
            description=description,
            config=config,
            metadata=metadata,
        )

        return environment_create_params
