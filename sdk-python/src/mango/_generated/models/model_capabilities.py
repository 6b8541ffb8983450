# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ModelCapabilities")


@_attrs_define
class ModelCapabilities:
    """What a model's endpoint can do, as the operator's catalogue declares it; anything undeclared is false.

    Attributes:
        web_search (bool): Native web search: an Agent on this model may enable `web_search` (400 otherwise).
        web_fetch (bool): Native web fetch; without it an enabled `web_fetch` runs on the platform-managed executor.
        citations (bool): The endpoint returns citations with web and document results.
        thinking (bool): Extended thinking.
        image_input (bool): Image input.
        pdf_input (bool): PDF document input.
        parallel_tool_calls (bool): Several tool calls in one response.
        prompt_caching (bool): Prompt caching.
        fast_mode (bool): `speed: fast` is offered.
    """

    web_search: bool
    web_fetch: bool
    citations: bool
    thinking: bool
    image_input: bool
    pdf_input: bool
    parallel_tool_calls: bool
    prompt_caching: bool
    fast_mode: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        web_search = self.web_search

        web_fetch = self.web_fetch

        citations = self.citations

        thinking = self.thinking

        image_input = self.image_input

        pdf_input = self.pdf_input

        parallel_tool_calls = self.parallel_tool_calls

        prompt_caching = self.prompt_caching

        fast_mode = self.fast_mode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "web_search": web_search,
                "web_fetch": web_fetch,
                "citations": citations,
                "thinking": thinking,
                "image_input": image_input,
                "pdf_input": pdf_input,
                "parallel_tool_calls": parallel_tool_calls,
                "prompt_caching": prompt_caching,
                "fast_mode": fast_mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        web_search = d.pop("web_search")

        web_fetch = d.pop("web_fetch")

        citations = d.pop("citations")

        thinking = d.pop("thinking")

        image_input = d.pop("image_input")

        pdf_input = d.pop("pdf_input")

        parallel_tool_calls = d.pop("parallel_tool_calls")

        prompt_caching = d.pop("prompt_caching")

        fast_mode = d.pop("fast_mode")

        model_capabilities = cls(
            web_search=web_search,
            web_fetch=web_fetch,
            citations=citations,
            thinking=thinking,
            image_input=image_input,
            pdf_input=pdf_input,
            parallel_tool_calls=parallel_tool_calls,
            prompt_caching=prompt_caching,
            fast_mode=fast_mode,
        )

        model_capabilities.additional_properties = d
        return model_capabilities

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
