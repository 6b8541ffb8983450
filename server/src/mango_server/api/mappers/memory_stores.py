"""Wire shapes of Memory Stores, memories, memory prefixes and memory versions.

Not responsible for reading them (``app.memory_stores``).
"""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.domain.memory import MemoryPrefix
from mango_server.store.memory_stores import MemoryRow, MemoryStoreRow, MemoryVersionRow


def store(row: MemoryStoreRow) -> JsonObject:
    """The wire shape of a Memory Store."""
    return {
        "type": "memory_store",
        "id": row.id,
        "name": row.name,
        "description": row.description,
        "metadata": row.metadata,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "archived_at": row.archived_at,
    }


def store_deleted(store_id: str) -> JsonObject:
    """The wire shape of a Memory Store deletion."""
    return {"type": "memory_store_deleted", "id": store_id}


def memory(row: MemoryRow, *, full: bool = True) -> JsonObject:
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
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    }


def memory_or_prefix(item: MemoryRow | MemoryPrefix, *, full: bool) -> JsonObject:
    """A memory listing item."""
    if isinstance(item, MemoryPrefix):
        return {"type": "memory_prefix", "path": item.path}
    return memory(item, full=full)


def memory_deleted(memory_id: str) -> JsonObject:
    """The wire shape of a memory deletion."""
    return {"type": "memory_deleted", "id": memory_id}


def version(row: MemoryVersionRow) -> JsonObject:
    """The wire shape of a memory version."""
    return {
        "type": "memory_version",
        "id": row.id,
        "memory_id": row.memory_id,
        "memory_store_id": row.memory_store_id,
        "operation": row.operation,
        "path": row.path,
        "content": row.content,
        "content_sha256": row.content_sha256,
        "content_size_bytes": row.content_size_bytes,
        "created_by": row.created_by,
        "redacted_at": row.redacted_at,
        "created_at": row.created_at,
    }
