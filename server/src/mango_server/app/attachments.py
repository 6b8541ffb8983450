"""Memory Store attachments of a new Session, resolved and frozen at creation.

Each ``resources[i]`` must name a Memory Store of the Workspace that is not archived (else 400
naming the index); the frozen record carries the store's name and description at attachment
time, the access mode, the instructions and an absolute mount path (default
``/mnt/memory/<store name>``). Stores are share-locked until the Session commits, so a
concurrent archive cannot slip in between the check and the creation. Not responsible for the
Session row itself (the Session use cases store what :func:`freeze` returns).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.store import memory_stores
from mango_server.store.db import Connection
from mango_server.store.memory_stores import MemoryStoreRow

MOUNT_ROOT = "/mnt/memory"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def default_mount_path(store: MemoryStoreRow) -> str:
    """``/mnt/memory/<store name>`` with the name made into one safe path segment."""
    segment = _UNSAFE.sub("_", store.name).strip("_")[:200]
    if segment in ("", ".", ".."):
        segment = store.id
    return f"{MOUNT_ROOT}/{segment}"


def _mount_path(raw: str, index: int) -> str:
    if not raw.startswith("/") or "\\" in raw or "\x00" in raw:
        raise InvalidRequestError(f"resources[{index}].mount_path: must be an absolute path such as /mnt/memory/notes")
    if any(segment == ".." for segment in raw.split("/")):
        raise InvalidRequestError(f"resources[{index}].mount_path: '..' segments are not allowed")
    path = posixpath.normpath(raw)
    if path == "/":
        raise InvalidRequestError(f"resources[{index}].mount_path: must not be the filesystem root")
    return path


async def freeze(
    conn: Connection, workspace_id: str, resources: Sequence[wire.MemoryStoreResourceParams]
) -> list[wire.SessionResource]:
    """The frozen ``sessions.resources`` (a JSON document) for the requested attachments (at most 8)."""
    if len(resources) > 8:
        raise InvalidRequestError("resources: at most 8 Memory Store attachments")
    frozen: list[wire.SessionResource] = []
    for index, resource in enumerate(resources):
        store_id = resource["memory_store_id"]
        if any(f["memory_store_id"] == store_id for f in frozen):
            raise InvalidRequestError(f"resources[{index}]: memory store {store_id} is attached twice")
        try:
            store = await memory_stores.get_store(conn, workspace_id, store_id, lock="share")
        except NotFoundError:
            raise InvalidRequestError(f"resources[{index}]: memory store {store_id} not found") from None
        if store.archived_at is not None:
            raise InvalidRequestError(f"resources[{index}]: memory store {store_id} is archived")
        raw = resource.get("mount_path")
        mount_path = _mount_path(raw, index) if raw is not None else default_mount_path(store)
        for other in frozen:
            other_path = other["mount_path"]
            assert other_path is not None  # every frozen attachment has its mount path
            a, b = mount_path.rstrip("/") + "/", other_path.rstrip("/") + "/"
            if a.startswith(b) or b.startswith(a):
                raise InvalidRequestError(
                    f"resources[{index}].mount_path: {mount_path} overlaps the mount path of memory store "
                    f"{other['memory_store_id']}; set distinct mount_path values"
                )
        frozen.append(
            {
                "type": "memory_store",
                "memory_store_id": store_id,
                "access": resource["access"],
                "mount_path": mount_path,
                "instructions": resource.get("instructions"),
                "name": store.name,
                "description": store.description,
            }
        )
    return frozen
