# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deployment_pause_error import DeploymentPauseError


T = TypeVar("T", bound="ErrorPausedReason")


@_attrs_define
class ErrorPausedReason:
    """Paused because a Run found its Agent or Environment missing or archived; later Runs would fail the same way.

    Attributes:
        type_ (Literal['error']): Always `error`.
        error (DeploymentPauseError): The Run error that paused the Deployment.
    """

    type_: Literal["error"]
    error: DeploymentPauseError
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deployment_pause_error import DeploymentPauseError

        d = dict(src_dict)
        type_ = cast(Literal["error"], d.pop("type"))
        if type_ != "error":
            raise ValueError(f"type must match const 'error', got '{type_}'")

        error = DeploymentPauseError.from_dict(d.pop("error"))

        error_paused_reason = cls(
            type_=type_,
            error=error,
        )

        error_paused_reason.additional_properties = d
        return error_paused_reason

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
