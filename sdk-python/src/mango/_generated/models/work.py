# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.work_state import WorkState, check_work_state

if TYPE_CHECKING:
    from ..models.healthcheck_work_data import HealthcheckWorkData
    from ..models.metadata import Metadata
    from ..models.session_teardown_work_data import SessionTeardownWorkData
    from ..models.session_work_data import SessionWorkData
    from ..models.work_error import WorkError


T = TypeVar("T", bound="Work")


@_attrs_define
class Work:
    """One item of an Environment's work queue.

    Attributes:
        type_ (Literal['work']): Always `work`.
        id (str): The Work id (`work_...`).
        environment_id (str): The Environment id.
        data (HealthcheckWorkData | SessionTeardownWorkData | SessionWorkData): What a Work item is for.
        state (WorkState): Work lifecycle: `queued` -> `starting` (acknowledged) -> `active` (heartbeating) ->
            `stopping` -> `stopped`.
        metadata (Metadata): Up to 16 string pairs; keys up to 64 characters, values up to 512.
        secret (None | str): Only on Poll: base64url JSON `{sessions_token, api_base_url}`. Null everywhere else.
            Sensitive: the SDKs never print it.
        error (None | WorkError): The failure reported with `environments.work.fail`, if any.
        created_at (datetime.datetime): When the item was enqueued.
        acknowledged_at (datetime.datetime | None): When it was acknowledged.
        started_at (datetime.datetime | None): When its first heartbeat arrived.
        latest_heartbeat_at (datetime.datetime | None): When its last heartbeat arrived.
        stop_requested_at (datetime.datetime | None): When a stop was requested.
        stopped_at (datetime.datetime | None): When it stopped.
    """

    type_: Literal["work"]
    id: str
    environment_id: str
    data: HealthcheckWorkData | SessionTeardownWorkData | SessionWorkData
    state: WorkState
    metadata: Metadata
    secret: None | str = _attrs_field(repr=False)
    error: None | WorkError
    created_at: datetime.datetime
    acknowledged_at: datetime.datetime | None
    started_at: datetime.datetime | None
    latest_heartbeat_at: datetime.datetime | None
    stop_requested_at: datetime.datetime | None
    stopped_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.healthcheck_work_data import HealthcheckWorkData
        from ..models.session_work_data import SessionWorkData
        from ..models.work_error import WorkError

        type_ = self.type_

        id = self.id

        environment_id = self.environment_id

        data: dict[str, Any]
        if isinstance(self.data, SessionWorkData) or isinstance(self.data, HealthcheckWorkData):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        state: str = self.state

        metadata = self.metadata.to_dict()

        secret: None | str
        secret = self.secret

        error: dict[str, Any] | None
        if isinstance(self.error, WorkError):
            error = self.error.to_dict()
        else:
            error = self.error

        created_at = self.created_at.isoformat()

        acknowledged_at: None | str
        if isinstance(self.acknowledged_at, datetime.datetime):
            acknowledged_at = self.acknowledged_at.isoformat()
        else:
            acknowledged_at = self.acknowledged_at

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        latest_heartbeat_at: None | str
        if isinstance(self.latest_heartbeat_at, datetime.datetime):
            latest_heartbeat_at = self.latest_heartbeat_at.isoformat()
        else:
            latest_heartbeat_at = self.latest_heartbeat_at

        stop_requested_at: None | str
        if isinstance(self.stop_requested_at, datetime.datetime):
            stop_requested_at = self.stop_requested_at.isoformat()
        else:
            stop_requested_at = self.stop_requested_at

        stopped_at: None | str
        if isinstance(self.stopped_at, datetime.datetime):
            stopped_at = self.stopped_at.isoformat()
        else:
            stopped_at = self.stopped_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "environment_id": environment_id,
                "data": data,
                "state": state,
                "metadata": metadata,
                "secret": secret,
                "error": error,
                "created_at": created_at,
                "acknowledged_at": acknowledged_at,
                "started_at": started_at,
                "latest_heartbeat_at": latest_heartbeat_at,
                "stop_requested_at": stop_requested_at,
                "stopped_at": stopped_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.healthcheck_work_data import HealthcheckWorkData
        from ..models.metadata import Metadata
        from ..models.session_teardown_work_data import SessionTeardownWorkData
        from ..models.session_work_data import SessionWorkData
        from ..models.work_error import WorkError

        d = dict(src_dict)
        type_ = cast(Literal["work"], d.pop("type"))
        if type_ != "work":
            raise ValueError(f"type must match const 'work', got '{type_}'")

        id = d.pop("id")

        environment_id = d.pop("environment_id")

        def _parse_data(data: object) -> HealthcheckWorkData | SessionTeardownWorkData | SessionWorkData:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_work_data_type_0 = SessionWorkData.from_dict(data)

                return componentsschemas_work_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_work_data_type_1 = HealthcheckWorkData.from_dict(data)

                return componentsschemas_work_data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_work_data_type_2 = SessionTeardownWorkData.from_dict(data)

            return componentsschemas_work_data_type_2

        data = _parse_data(d.pop("data"))

        state = check_work_state(d.pop("state"))

        metadata = Metadata.from_dict(d.pop("metadata"))

        def _parse_secret(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secret = _parse_secret(d.pop("secret"))

        def _parse_error(data: object) -> None | WorkError:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = WorkError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkError, data)

        error = _parse_error(d.pop("error"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_acknowledged_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                acknowledged_at_type_0 = datetime.datetime.fromisoformat(data)

                return acknowledged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        acknowledged_at = _parse_acknowledged_at(d.pop("acknowledged_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_latest_heartbeat_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                latest_heartbeat_at_type_0 = datetime.datetime.fromisoformat(data)

                return latest_heartbeat_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        latest_heartbeat_at = _parse_latest_heartbeat_at(d.pop("latest_heartbeat_at"))

        def _parse_stop_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stop_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return stop_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        stop_requested_at = _parse_stop_requested_at(d.pop("stop_requested_at"))

        def _parse_stopped_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stopped_at_type_0 = datetime.datetime.fromisoformat(data)

                return stopped_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        stopped_at = _parse_stopped_at(d.pop("stopped_at"))

        work = cls(
            type_=type_,
            id=id,
            environment_id=environment_id,
            data=data,
            state=state,
            metadata=metadata,
            secret=secret,
            error=error,
            created_at=created_at,
            acknowledged_at=acknowledged_at,
            started_at=started_at,
            latest_heartbeat_at=latest_heartbeat_at,
            stop_requested_at=stop_requested_at,
            stopped_at=stopped_at,
        )

        work.additional_properties = d
        return work

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
