# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deployment_run_error_category import DeploymentRunErrorCategory, check_deployment_run_error_category

T = TypeVar("T", bound="DeploymentRunError")


@_attrs_define
class DeploymentRunError:
    """Why a Run created no Session.

    Attributes:
        type_ (str): `agent_not_found_error`, `agent_archived_error`, `environment_not_found_error`,
            `environment_archived_error`, `vault_not_found_error`, `vault_archived_error`, `session_creation_rejected_error`
            or `unavailable_error`.
        message (str): One sentence.
        category (DeploymentRunErrorCategory): `missing_resource` (the Deployment paused: later Runs would fail the same
            way), `rejected` (the Session's creation was refused) or `transient` (the platform was unavailable through every
            retry).
    """

    type_: str
    message: str
    category: DeploymentRunErrorCategory
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        message = self.message

        category: str = self.category

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "message": message,
                "category": category,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        message = d.pop("message")

        category = check_deployment_run_error_category(d.pop("category"))

        deployment_run_error = cls(
            type_=type_,
            message=message,
            category=category,
        )

        deployment_run_error.additional_properties = d
        return deployment_run_error

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
