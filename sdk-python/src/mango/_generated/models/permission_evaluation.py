# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.permission_evaluation_decision import PermissionEvaluationDecision, check_permission_evaluation_decision

T = TypeVar("T", bound="PermissionEvaluation")


@_attrs_define
class PermissionEvaluation:
    """The decision of the `auto` permission evaluator for one call. Any failure, timeout or unparsable answer of the
    evaluator asks (`reason_type` `indeterminate`).

        Attributes:
            decision (PermissionEvaluationDecision): `allow` runs the call, `ask` waits for a `user.tool_confirmation`,
                `deny` gives the model an error result without running it.
            reason_type (str): `routine`, `uncertain`, `high_risk` or `indeterminate` (the evaluator failed); clients must
                accept unknown types.
            reason (str): The evaluator's explanation.
    """

    decision: PermissionEvaluationDecision
    reason_type: str
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decision: str = self.decision

        reason_type = self.reason_type

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "reason_type": reason_type,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        decision = check_permission_evaluation_decision(d.pop("decision"))

        reason_type = d.pop("reason_type")

        reason = d.pop("reason")

        permission_evaluation = cls(
            decision=decision,
            reason_type=reason_type,
            reason=reason,
        )

        permission_evaluation.additional_properties = d
        return permission_evaluation

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
