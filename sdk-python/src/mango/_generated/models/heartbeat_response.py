# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.work_state import WorkState, check_work_state

T = TypeVar("T", bound="HeartbeatResponse")


@_attrs_define
class HeartbeatResponse:
    """The lease after a heartbeat.

    Attributes:
        type_ (Literal['work_heartbeat']): Always `work_heartbeat`.
        last_heartbeat (str): Opaque token to pass as `expected_last_heartbeat` next time.
        lease_extended (bool): Whether the lease was renewed; false means stop executing.
        state (WorkState): Work lifecycle: `queued` -> `starting` (acknowledged) -> `active` (heartbeating) ->
            `stopping` -> `stopped`.
        ttl_seconds (int): Seconds the lease lasts from now.
    """

    type_: Literal["work_heartbeat"]
    last_heartbeat: str
    lease_extended: bool
    state: WorkState
    ttl_seconds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        last_heartbeat = self.last_heartbeat

        lease_extended = self.lease_extended

        state: str = self.state

        ttl_seconds = self.ttl_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "last_heartbeat": last_heartbeat,
                "lease_extended": lease_extended,
                "state": state,
                "ttl_seconds": ttl_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["work_heartbeat"], d.pop("type"))
        if type_ != "work_heartbeat":
            raise ValueError(f"type must match const 'work_heartbeat', got '{type_}'")

        last_heartbeat = d.pop("last_heartbeat")

        lease_extended = d.pop("lease_extended")

        state = check_work_state(d.pop("state"))

        ttl_seconds = d.pop("ttl_seconds")

        heartbeat_response = cls(
            type_=type_,
            last_heartbeat=last_heartbeat,
            lease_extended=lease_extended,
            state=state,
            ttl_seconds=ttl_seconds,
        )

        heartbeat_response.additional_properties = d
        return heartbeat_response

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
