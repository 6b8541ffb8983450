# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.model import Model


T = TypeVar("T", bound="ModelList")


@_attrs_define
class ModelList:
    """Every model this deployment offers, on one page (`has_more` is always false).

    Attributes:
        data (list[Model]): The offered models, in catalogue order.
        has_more (bool): Always false: every offered model is on the one page.
        first_id (None | str): The id of the first model listed; null when none is offered.
        last_id (None | str): The id of the last model listed; null when none is offered.
    """

    data: list[Model]
    has_more: bool
    first_id: None | str
    last_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        has_more = self.has_more

        first_id: None | str
        first_id = self.first_id

        last_id: None | str
        last_id = self.last_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "has_more": has_more,
                "first_id": first_id,
                "last_id": last_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model import Model

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Model.from_dict(data_item_data)

            data.append(data_item)

        has_more = d.pop("has_more")

        def _parse_first_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_id = _parse_first_id(d.pop("first_id"))

        def _parse_last_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_id = _parse_last_id(d.pop("last_id"))

        model_list = cls(
            data=data,
            has_more=has_more,
            first_id=first_id,
            last_id=last_id,
        )

        model_list.additional_properties = d
        return model_list

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
