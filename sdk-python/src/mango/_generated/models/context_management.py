# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.compaction_config import CompactionConfig


T = TypeVar("T", bound="ContextManagement")


@_attrs_define
class ContextManagement:
    """How a Session manages a model context that outgrows the model's window (see docs/sessions.md).

    Attributes:
        compaction (CompactionConfig | Unset): How the context is compacted when a request would not fit: `extractive`
            (the default) keeps the head, the recent turns and an extractive summary entry; `summary` replaces that entry
            with a summary written by the Session's model in one bounded, tool-free call through the same adapter, falling
            back to `extractive` when the call fails. The aggressive compaction after a provider refusal is always
            extractive.
    """

    compaction: CompactionConfig | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        compaction: dict[str, Any] | Unset = UNSET
        if not isinstance(self.compaction, Unset):
            compaction = self.compaction.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if compaction is not UNSET:
            field_dict["compaction"] = compaction

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compaction_config import CompactionConfig

        d = dict(src_dict)
        _compaction = d.pop("compaction", UNSET)
        compaction: CompactionConfig | Unset
        if isinstance(_compaction, Unset):
            compaction = UNSET
        else:
            compaction = CompactionConfig.from_dict(_compaction)

        context_management = cls(
            compaction=compaction,
        )

        return context_management
