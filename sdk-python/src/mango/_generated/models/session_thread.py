# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.session_status import SessionStatus, check_session_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget_reached_stop_reason import BudgetReachedStopReason
    from ..models.context_overflow_stop_reason import ContextOverflowStopReason
    from ..models.credential_failed_stop_reason import CredentialFailedStopReason
    from ..models.end_turn_stop_reason import EndTurnStopReason
    from ..models.max_tokens_stop_reason import MaxTokensStopReason
    from ..models.mcp_server_health import McpServerHealth
    from ..models.requires_action_stop_reason import RequiresActionStopReason
    from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
    from ..models.roster_advisor import RosterAdvisor
    from ..models.session_stats import SessionStats
    from ..models.session_thread_agent import SessionThreadAgent
    from ..models.session_usage import SessionUsage
    from ..models.worker_failed_stop_reason import WorkerFailedStopReason


T = TypeVar("T", bound="SessionThread")


@_attrs_define
class SessionThread:
    """One Thread of a Session; the primary Thread has no parent.

    Attributes:
        type_ (Literal['session_thread']): Always `session_thread`.
        id (str): The Thread id (`sthr_...`).
        session_id (str): The Session.
        parent_thread_id (None | str): The delegating Thread; null for the primary Thread.
        agent_name (str): The name the coordinator addresses the Thread's Agent by.
        status (SessionStatus): `idle` (waiting for input), `running`, `rescheduling` (transient retry) or `terminated`
            (unrecoverable or archived).
        stop_reason (BudgetReachedStopReason | ContextOverflowStopReason | CredentialFailedStopReason |
            EndTurnStopReason | MaxTokensStopReason | None | RequiresActionStopReason | RetriesExhaustedStopReason |
            WorkerFailedStopReason): The reason of the Thread's last idle; null before it.
        agent (RosterAdvisor | SessionThreadAgent): What a Thread runs, an Agent snapshot or the Advisor.
        usage (SessionUsage): A Session's cumulative model usage and its list cost.
        stats (SessionStats): Timing statistics.
        created_at (datetime.datetime): Creation time.
        updated_at (datetime.datetime): Last update time.
        archived_at (datetime.datetime | None): When it was archived.
        mcp_servers (list[McpServerHealth] | Unset): The health of each MCP server the Thread has contacted (by server
            name); empty before its first discovery. Mango sends it on every Thread.
    """

    type_: Literal["session_thread"]
    id: str
    session_id: str
    parent_thread_id: None | str
    agent_name: str
    status: SessionStatus
    stop_reason: (
        BudgetReachedStopReason
        | ContextOverflowStopReason
        | CredentialFailedStopReason
        | EndTurnStopReason
        | MaxTokensStopReason
        | None
        | RequiresActionStopReason
        | RetriesExhaustedStopReason
        | WorkerFailedStopReason
    )
    agent: RosterAdvisor | SessionThreadAgent
    usage: SessionUsage
    stats: SessionStats
    created_at: datetime.datetime
    updated_at: datetime.datetime
    archived_at: datetime.datetime | None
    mcp_servers: list[McpServerHealth] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
        from ..models.session_thread_agent import SessionThreadAgent
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason

        type_ = self.type_

        id = self.id

        session_id = self.session_id

        parent_thread_id: None | str
        parent_thread_id = self.parent_thread_id

        agent_name = self.agent_name

        status: str = self.status

        stop_reason: dict[str, Any] | None
        if (
            isinstance(self.stop_reason, EndTurnStopReason)
            or isinstance(self.stop_reason, RequiresActionStopReason)
            or isinstance(self.stop_reason, RetriesExhaustedStopReason)
            or isinstance(self.stop_reason, MaxTokensStopReason)
            or isinstance(self.stop_reason, BudgetReachedStopReason)
            or isinstance(self.stop_reason, ContextOverflowStopReason)
            or isinstance(self.stop_reason, CredentialFailedStopReason)
            or isinstance(self.stop_reason, WorkerFailedStopReason)
        ):
            stop_reason = self.stop_reason.to_dict()
        else:
            stop_reason = self.stop_reason

        agent: dict[str, Any]
        if isinstance(self.agent, SessionThreadAgent):
            agent = self.agent.to_dict()
        else:
            agent = self.agent.to_dict()

        usage = self.usage.to_dict()

        stats = self.stats.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        mcp_servers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.mcp_servers, Unset):
            mcp_servers = []
            for mcp_servers_item_data in self.mcp_servers:
                mcp_servers_item = mcp_servers_item_data.to_dict()
                mcp_servers.append(mcp_servers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "session_id": session_id,
                "parent_thread_id": parent_thread_id,
                "agent_name": agent_name,
                "status": status,
                "stop_reason": stop_reason,
                "agent": agent,
                "usage": usage,
                "stats": stats,
                "created_at": created_at,
                "updated_at": updated_at,
                "archived_at": archived_at,
            }
        )
        if mcp_servers is not UNSET:
            field_dict["mcp_servers"] = mcp_servers

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.budget_reached_stop_reason import BudgetReachedStopReason
        from ..models.context_overflow_stop_reason import ContextOverflowStopReason
        from ..models.credential_failed_stop_reason import CredentialFailedStopReason
        from ..models.end_turn_stop_reason import EndTurnStopReason
        from ..models.max_tokens_stop_reason import MaxTokensStopReason
        from ..models.mcp_server_health import McpServerHealth
        from ..models.requires_action_stop_reason import RequiresActionStopReason
        from ..models.retries_exhausted_stop_reason import RetriesExhaustedStopReason
        from ..models.roster_advisor import RosterAdvisor
        from ..models.session_stats import SessionStats
        from ..models.session_thread_agent import SessionThreadAgent
        from ..models.session_usage import SessionUsage
        from ..models.worker_failed_stop_reason import WorkerFailedStopReason

        d = dict(src_dict)
        type_ = cast(Literal["session_thread"], d.pop("type"))
        if type_ != "session_thread":
            raise ValueError(f"type must match const 'session_thread', got '{type_}'")

        id = d.pop("id")

        session_id = d.pop("session_id")

        def _parse_parent_thread_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_thread_id = _parse_parent_thread_id(d.pop("parent_thread_id"))

        agent_name = d.pop("agent_name")

        status = check_session_status(d.pop("status"))

        def _parse_stop_reason(
            data: object,
        ) -> (
            BudgetReachedStopReason
            | ContextOverflowStopReason
            | CredentialFailedStopReason
            | EndTurnStopReason
            | MaxTokensStopReason
            | None
            | RequiresActionStopReason
            | RetriesExhaustedStopReason
            | WorkerFailedStopReason
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_0 = EndTurnStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_1 = RequiresActionStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_2 = RetriesExhaustedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_3 = MaxTokensStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_4 = BudgetReachedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_5 = ContextOverflowStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_6 = CredentialFailedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stop_reason_type_7 = WorkerFailedStopReason.from_dict(data)

                return componentsschemas_stop_reason_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                BudgetReachedStopReason
                | ContextOverflowStopReason
                | CredentialFailedStopReason
                | EndTurnStopReason
                | MaxTokensStopReason
                | None
                | RequiresActionStopReason
                | RetriesExhaustedStopReason
                | WorkerFailedStopReason,
                data,
            )

        stop_reason = _parse_stop_reason(d.pop("stop_reason"))

        def _parse_agent(data: object) -> RosterAdvisor | SessionThreadAgent:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_thread_agent_type_0 = SessionThreadAgent.from_dict(data)

                return componentsschemas_thread_agent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_thread_agent_type_1 = RosterAdvisor.from_dict(data)

            return componentsschemas_thread_agent_type_1

        agent = _parse_agent(d.pop("agent"))

        usage = SessionUsage.from_dict(d.pop("usage"))

        stats = SessionStats.from_dict(d.pop("stats"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archived_at"))

        _mcp_servers = d.pop("mcp_servers", UNSET)
        mcp_servers: list[McpServerHealth] | Unset = UNSET
        if _mcp_servers is not UNSET:
            mcp_servers = []
            for mcp_servers_item_data in _mcp_servers:
                mcp_servers_item = McpServerHealth.from_dict(mcp_servers_item_data)

                mcp_servers.append(mcp_servers_item)

        session_thread = cls(
            type_=type_,
            id=id,
            session_id=session_id,
            parent_thread_id=parent_thread_id,
            agent_name=agent_name,
            status=status,
            stop_reason=stop_reason,
            agent=agent,
            usage=usage,
            stats=stats,
            created_at=created_at,
            updated_at=updated_at,
            archived_at=archived_at,
            mcp_servers=mcp_servers,
        )

        session_thread.additional_properties = d
        return session_thread

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
