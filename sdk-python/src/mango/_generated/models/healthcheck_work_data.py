# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.healthcheck_result import HealthcheckResult


T = TypeVar("T", bound="HealthcheckWorkData")


@_attrs_define
class HealthcheckWorkData:
    """A healthcheck item; the worker reports a bounded result and stops it.

    Attributes:
        type_ (Literal['healthcheck']): Always `healthcheck`.
        result (HealthcheckResult | None): The reported result (immutable once set); null until reported.
    """

    type_: Literal["healthcheck"]
    result: HealthcheckResult | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.healthcheck_result import HealthcheckResult

        type_ = self.type_

        result: dict[str, Any] | None
        if isinstance(self.result, HealthcheckResult):
            result = self.result.to_dict()
        else:
            result = self.result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.healthcheck_result import HealthcheckResult

        d = dict(src_dict)
        type_ = cast(Literal["healthcheck"], d.pop("type"))
        if type_ != "healthcheck":
            raise ValueError(f"type must match const 'healthcheck', got '{type_}'")

        def _parse_result(data: object) -> HealthcheckResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = HealthcheckResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HealthcheckResult | None, data)

        result = _parse_result(d.pop("result"))

        healthcheck_work_data = cls(
            type_=type_,
            result=result,
        )

        healthcheck_work_data.additional_properties = d
        return healthcheck_work_data

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
