"""Wire shapes of Memory Stores, memories, memory prefixes and memory versions.

Not responsible for reading them (``app.memory_stores``).
"""

from __future__ import annotations

from typing import cast

from mango_server.api.encoding import rfc3339, rfc3339_or_none
from mango_server.domain._generated import wire
from mango_server.domain.memory import MemoryPrefix, VersionOperation
from mango_server.store.memory_stores import MemoryRow, MemoryStoreRow, MemoryVersionRow


def store(row: MemoryStoreRow) -> wire.MemoryStore:
    """The wire shape of a Memory Store."""
    return {
        "type": "memory_store",
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "metadata": row.metadata,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
        "archived_at": rfc3339_or_none(row.archived_at),
    }


def store_deleted(store_id: str) -> wire.MemoryStoreDeleted:
    """The wire shape of a Memory Store deletion."""
    return {"type": "memory_store_deleted", "id": store_id}


def memory(row: MemoryRow, *, full: bool = True) -> wire.Memory:
    """The wire shape of a memory; view ``basic`` leaves ``content`` null."""
    return {
        "type": "memory",
        "id": row.id,
        "memory_store_id": row.memory_store_id,
        "path": row.path,
        "content": row.content if full else None,
        "content_sha256": row.content_sha256,
        "content_size_bytes": row.content_size_bytes,
        "memory_version_id": row.memory_version_id,
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
    }


def memory_or_prefix(item: MemoryRow | MemoryPrefix, *, full: bool) -> wire.MemoryListItem:
    """A memory listing item."""
    if isinstance(item, MemoryPrefix):
        return {"type": "memory_prefix", "path": item.path}
    return memory(item, full=full)


def memory_deleted(memory_id: str) -> wire.MemoryDeleted:
    """The wire shape of a memory deletion."""
    return {"type": "memory_deleted", "id": memory_id}


def version(row: MemoryVersionRow) -> wire.MemoryVersion:
    """The wire shape of a memory version (``operation`` and ``created_by`` as the server stored them)."""
    return {
        "type": "memory_version",
        "id": row.id,
        "memory_id": row.memory_id,
        "memory_store_id": row.memory_store_id,
        "operation": cast(VersionOperation, row.operation),
        "path": row.path,
        "content": row.content,
        "content_sha256": row.content_sha256,
        "content_size_bytes": row.content_size_bytes,
        "created_by": row.created_by,
        "redacted_at": rfc3339_or_none(row.redacted_at),
        "created_at": rfc3339(row.created_at),
    }
