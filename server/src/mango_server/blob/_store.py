"""The blob store interface."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol


class BlobStore(Protocol):
    """Streams bytes to and from object storage; never holds a whole object in memory."""

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> tuple[int, str]:
        """Store the bytes of ``chunks`` under ``key``; returns (size in bytes, SHA-256 hex).

        On any error (including cancellation) nothing is left published under ``key``.
        """
        ...

    def get_stream(self, key: str) -> AsyncIterator[bytes]:
        """The object's bytes, in chunks."""
        ...

    async def delete(self, key: str) -> None:
        """Remove the object and any unfinished multipart upload of ``key``; missing is fine."""
        ...

    async def exists(self, key: str) -> bool:
        """Whether an object is stored under ``key``."""
        ...
