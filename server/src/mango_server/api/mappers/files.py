"""Wire shapes of Files. Not responsible for reading them (``app.files``)."""

from __future__ import annotations

from mango_server.api.encoding import rfc3339
from mango_server.domain._generated.wire import File, FileDeleted
from mango_server.store.files import FileRow


def file(row: FileRow) -> File:
    """The wire shape of a File."""
    return {
        "type": "file",
        "id": row.id,
        "filename": row.filename,
        "mime_type": row.mime_type,
        "size_bytes": row.size_bytes,
        "sha256": row.sha256,
        "created_at": rfc3339(row.created_at),
    }


def file_deleted(file_id: str) -> FileDeleted:
    """The wire shape of a File deletion."""
    return {"type": "file_deleted", "id": file_id}
