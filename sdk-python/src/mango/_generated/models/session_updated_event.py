# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metadata import Metadata
    from ..models.session_budget import SessionBudget


T = TypeVar("T", bound="SessionUpdatedEvent")


@_attrs_define
class SessionUpdatedEvent:
    """The Session's title, metadata, budget or vaults changed; only changed fields are present.

    Attributes:
        type_ (Literal['session.updated']): Always `session.updated`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
            events; a cross-posted child event names the child).
        title (None | str | Unset): The new title, when it changed.
        metadata (Metadata | Unset): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        budget (None | SessionBudget | Unset): The new budget, when it changed (null when removed).
        vault_ids (list[str] | Unset): The new vault ids, when they changed.
    """

    type_: Literal["session.updated"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    session_thread_id: None | str | Unset = UNSET
    title: None | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET
    budget: None | SessionBudget | Unset = UNSET
    vault_ids: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.session_budget import SessionBudget

        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
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
        from ..models.metadata import Metadata
        from ..models.session_budget import SessionBudget

        d = dict(src_dict)
        type_ = cast(Literal["session.updated"], d.pop("type"))
        if type_ != "session.updated":
            raise ValueError(f"type must match const 'session.updated', got '{type_}'")

        id = d.pop("id")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

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

        session_updated_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            session_thread_id=session_thread_id,
            title=title,
            metadata=metadata,
            budget=budget,
            vault_ids=vault_ids,
        )

        session_updated_event.additional_properties = d
        return session_updated_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
