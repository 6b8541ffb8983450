# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.base_64_document_source import Base64DocumentSource
    from ..models.file_document_source import FileDocumentSource
    from ..models.text_document_source import TextDocumentSource


T = TypeVar("T", bound="DocumentBlock")


@_attrs_define
class DocumentBlock:
    """A document given to the model.

    Attributes:
        type_ (Literal['document']): Always `document`.
        source (Base64DocumentSource | FileDocumentSource | TextDocumentSource): Where a document's bytes come from.
        title (None | str | Unset): A title shown to the model.
        context (None | str | Unset): Context about the document shown to the model.
    """

    type_: Literal["document"]
    source: Base64DocumentSource | FileDocumentSource | TextDocumentSource
    title: None | str | Unset = UNSET
    context: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.base_64_document_source import Base64DocumentSource
        from ..models.text_document_source import TextDocumentSource

        type_ = self.type_

        source: dict[str, Any]
        if isinstance(self.source, TextDocumentSource) or isinstance(self.source, Base64DocumentSource):
            source = self.source.to_dict()
        else:
            source = self.source.to_dict()

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        context: None | str | Unset
        if isinstance(self.context, Unset):
            context = UNSET
        else:
            context = self.context

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "source": source,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if context is not UNSET:
            field_dict["context"] = context

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.base_64_document_source import Base64DocumentSource
        from ..models.file_document_source import FileDocumentSource
        from ..models.text_document_source import TextDocumentSource

        d = dict(src_dict)
        type_ = cast(Literal["document"], d.pop("type"))
        if type_ != "document":
            raise ValueError(f"type must match const 'document', got '{type_}'")

        def _parse_source(data: object) -> Base64DocumentSource | FileDocumentSource | TextDocumentSource:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_document_source_type_0 = TextDocumentSource.from_dict(data)

                return componentsschemas_document_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_document_source_type_1 = Base64DocumentSource.from_dict(data)

                return componentsschemas_document_source_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_document_source_type_2 = FileDocumentSource.from_dict(data)

            return componentsschemas_document_source_type_2

        source = _parse_source(d.pop("source"))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        def _parse_context(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        context = _parse_context(d.pop("context", UNSET))

        document_block = cls(
            type_=type_,
            source=source,
            title=title,
            context=context,
        )

        return document_block
