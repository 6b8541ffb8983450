"""Object storage for File bytes and Skill archives (authority 5 in the architecture).

PostgreSQL owns the identity and lifecycle of every object; this package only moves bytes.
``BlobStore`` is the interface the rest of the server uses; ``S3BlobStore`` implements it over
any S3-compatible endpoint (SeaweedFS in ``mango dev``). Keys are Workspace-scoped, see
:func:`file_key` and :func:`skill_key`.
"""

from __future__ import annotations

from mango_server.blob._keys import file_key, skill_key
from mango_server.blob._s3 import PART_SIZE, S3BlobStore, S3Client
from mango_server.blob._store import BlobStore

__all__ = ["PART_SIZE", "BlobStore", "S3BlobStore", "S3Client", "file_key", "skill_key"]
