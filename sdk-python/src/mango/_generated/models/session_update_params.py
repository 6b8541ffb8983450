# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata_patch import MetadataPatch
    from ..models.session_budget import SessionBudget


T = TypeVar("T", bound="SessionUpdateParams")


@_attrs_define
class SessionUpdateParams:
    """The body of `sessions.update`.

    Attributes:
        title (None | str | Unset): A new title; null clears it.
        metadata (MetadataPatch | Unset): Metadata changes merged into the current pairs; a null value deletes the key.
        budget (None | SessionBudget | Unset): A new budget (replacing the old one) or null to remove it; raising or
            removing it resumes a Session stopped with `budget_reached`.
        vault_ids (list[str] | Unset): New vaults (replacing the old list; MCP connections opened from then on use
            them). Each must exist in the Workspace (400) and not be archived (409).
    """

    title: None | str | Unset = UNSET
    metadata: MetadataPatch | Unset = UNSET
    budget: None | SessionBudget | Unset = UNSET
    vault_ids: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.session_budget import SessionBudget

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        budget: dict[str, Any] | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        elif isinstance(self.budget, SessionBudget):
            budget = self.budget.to_dict()
        else:
            budget = self.budget

        vault_ids: list[str] | Unset = UNSET
        if not isinstance(self.vault_ids, Unset):
            vault_ids = self.vault_ids

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if budget is not UNSET:
            field_dict["budget"] = budget
        if vault_ids is not UNSET:
            field_dict["vault_ids"] = vault_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metadata_patch import MetadataPatch
        from ..models.session_budget import SessionBudget

        d = dict(src_dict)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: MetadataPatch | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = MetadataPatch.from_dict(_metadata)

        def _parse_budget(data: object) -> None | SessionBudget | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                budget_type_0 = SessionBudget.from_dict(data)

                return budget_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionBudget | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        vault_ids = cast(list[str], d.pop("vault_ids", UNSET))

        session_update_params = cls(
            title=title,
            metadata=metadata,
            budget=budget,
            vault_ids=vault_ids,
        )

        return session_update_params
