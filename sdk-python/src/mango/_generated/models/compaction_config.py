# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.compaction_config_mode import CompactionConfigMode, check_compaction_config_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="CompactionConfig")


@_attrs_define
class CompactionConfig:
    """How the context is compacted when a request would not fit: `extractive` (the default) keeps the head, the recent
    turns and an extractive summary entry; `summary` replaces that entry with a summary written by the Session's model
    in one bounded, tool-free call through the same adapter, falling back to `extractive` when the call fails. The
    aggressive compaction after a provider refusal is always extractive.

        Attributes:
            mode (CompactionConfigMode): `extractive` or `summary`.
            max_summary_tokens (int | Unset): The most output tokens the summary call may use (default 1024; also capped by
                the room compaction leaves the summary).
    """

    mode: CompactionConfigMode
    max_summary_tokens: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        mode: str = self.mode

        max_summary_tokens = self.max_summary_tokens

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
            }
        )
        if max_summary_tokens is not UNSET:
            field_dict["max_summary_tokens"] = max_summary_tokens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = check_compaction_config_mode(d.pop("mode"))

        max_summary_tokens = d.pop("max_summary_tokens", UNSET)

        compaction_config = cls(
            mode=mode,
            max_summary_tokens=max_summary_tokens,
        )

        return compaction_config
