# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.user_custom_tool_result_event_params import UserCustomToolResultEventParams
    from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
    from ..models.user_interrupt_event_params import UserInterruptEventParams
    from ..models.user_message_event_params import UserMessageEventParams
    from ..models.user_tool_confirmation_event_params import UserToolConfirmationEventParams
    from ..models.user_tool_result_event_params import UserToolResultEventParams


T = TypeVar("T", bound="SessionEventSendParams")


@_attrs_define
class SessionEventSendParams:
    """The body of `sessions.events.send`.

    Attributes:
        events (list[UserCustomToolResultEventParams | UserDefineOutcomeEventParams | UserInterruptEventParams |
            UserMessageEventParams | UserToolConfirmationEventParams | UserToolResultEventParams]): Events appended
            atomically, in order.
    """

    events: list[
        UserCustomToolResultEventParams
        | UserDefineOutcomeEventParams
        | UserInterruptEventParams
        | UserMessageEventParams
        | UserToolConfirmationEventParams
        | UserToolResultEventParams
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_custom_tool_result_event_params import UserCustomToolResultEventParams
        from ..models.user_interrupt_event_params import UserInterruptEventParams
        from ..models.user_message_event_params import UserMessageEventParams
        from ..models.user_tool_confirmation_event_params import UserToolConfirmationEventParams
        from ..models.user_tool_result_event_params import UserToolResultEventParams

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if (
                isinstance(events_item_data, UserMessageEventParams)
                or isinstance(events_item_data, UserInterruptEventParams)
                or isinstance(events_item_data, UserToolConfirmationEventParams)
                or isinstance(events_item_data, UserToolResultEventParams)
                or isinstance(events_item_data, UserCustomToolResultEventParams)
            ):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_custom_tool_result_event_params import UserCustomToolResultEventParams
        from ..models.user_define_outcome_event_params import UserDefineOutcomeEventParams
        from ..models.user_interrupt_event_params import UserInterruptEventParams
        from ..models.user_message_event_params import UserMessageEventParams
        from ..models.user_tool_confirmation_event_params import UserToolConfirmationEventParams
        from ..models.user_tool_result_event_params import UserToolResultEventParams

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                UserCustomToolResultEventParams
                | UserDefineOutcomeEventParams
                | UserInterruptEventParams
                | UserMessageEventParams
                | UserToolConfirmationEventParams
                | UserToolResultEventParams
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_input_type_0 = UserMessageEventParams.from_dict(data)

                    return componentsschemas_session_event_input_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_input_type_1 = UserInterruptEventParams.from_dict(data)

                    return componentsschemas_session_event_input_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_input_type_2 = UserToolConfirmationEventParams.from_dict(data)

                    return componentsschemas_session_event_input_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_input_type_3 = UserToolResultEventParams.from_dict(data)

                    return componentsschemas_session_event_input_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_session_event_input_type_4 = UserCustomToolResultEventParams.from_dict(data)

                    return componentsschemas_session_event_input_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_session_event_input_type_5 = UserDefineOutcomeEventParams.from_dict(data)

                return componentsschemas_session_event_input_type_5

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        session_event_send_params = cls(
            events=events,
        )

        return session_event_send_params
