"""Wire shapes of Files. Not responsible for reading them (``app.files``)."""

from __future__ import annotations

from mango_server.domain.json import JsonObject
from mango_server.store.files import FileRow


def file(row: FileRow) -> JsonObject:
    """The wire shape of a File."""
    return {
        "type": "file",
        "id": row.id,
        "filename": row.filename,
        "mime_type": row.mime_type,
        "size_bytes": row.size_bytes,
        "sha256": row.sha256,
        "created_at": row.created_at,
    }


def file_deleted(file_id: str) -> JsonObject:
    """The wire shape of a File deletion."""
    return {"type": "file_deleted", "id": file_id}
