"""The bucket in a backup set: every object copied out through S3 with its key and checksum, and back in.

Bytes are stored content-addressed (``objects/<sha256[:2]>/<sha256>``: object keys may hold any
character, and identical bytes are kept once) and listed in ``objects.jsonl``, one object a line
with its key, size, SHA-256 and content type. A restore checks each file against its SHA-256
before uploading it under its original key, so the database's references and checksums hold.
Not responsible for which bucket is configured (``Settings``) or for the rest of the set.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError
from pydantic import BaseModel

from mango_server.backup._manifest import BackupError, digest
from mango_server.settings import Settings

INDEX = "objects.jsonl"
_OBJECTS = "objects"
_CHUNK = 1024 * 1024


class ObjectEntry(BaseModel):
    """One object of the bucket."""

    key: str
    bytes: int
    sha256: str
    content_type: str


class BucketClient(Protocol):
    """The S3 calls a backup makes (a boto3 client; boto3 ships no types, hence the loose answers)."""

    def list_objects_v2(self, **kwargs: Any) -> dict[str, Any]: ...
    def get_object(self, *, Bucket: str, Key: str) -> dict[str, Any]: ...
    def upload_file(self, Filename: str, Bucket: str, Key: str, ExtraArgs: dict[str, str]) -> None: ...
    def head_object(self, *, Bucket: str, Key: str) -> dict[str, Any]: ...
    def head_bucket(self, *, Bucket: str) -> object: ...
    def create_bucket(self, *, Bucket: str) -> object: ...


def configured(settings: Settings) -> bool:
    """Whether S3 is configured (the api's own test: without it there are no Files or Skills)."""
    return bool(settings.s3_endpoint_url or settings.s3_access_key_id)


def client(settings: Settings) -> BucketClient:
    """A client for ``MANGO_S3_*`` with the blob store's path-style addressing."""
    config = Config(s3={"addressing_style": "path"}, retries={"max_attempts": 5, "mode": "standard"})
    made: BucketClient = boto3.client(
        "s3",
        endpoint_url=settings.s3_endpoint_url or None,
        aws_access_key_id=settings.s3_access_key_id or None,
        aws_secret_access_key=settings.s3_secret_access_key or None,
        region_name=settings.s3_region,
        config=config,
    )
    return made


def _keys(s3: BucketClient, bucket: str) -> Iterator[str]:
    token: str | None = None
    while True:
        page = s3.list_objects_v2(Bucket=bucket, **({"ContinuationToken": token} if token else {}))
        for item in page.get("Contents", []):
            yield str(item["Key"])
        token = page.get("NextContinuationToken")
        if not page.get("IsTruncated") or not token:
            return


def export(s3: BucketClient, bucket: str, root: Path) -> list[ObjectEntry]:
    """Copy every object of ``bucket`` under ``root``; returns the index (also written to ``objects.jsonl``)."""
    entries = [_download(s3, bucket, key, root) for key in _keys(s3, bucket)]
    with (root / INDEX).open("w") as index:
        for item in entries:
            index.write(item.model_dump_json() + "\n")
    return entries


def _download(s3: BucketClient, bucket: str, key: str, root: Path) -> ObjectEntry:
    answer = s3.get_object(Bucket=bucket, Key=key)
    body = answer["Body"]
    (root / _OBJECTS).mkdir(exist_ok=True)
    fd, name = tempfile.mkstemp(dir=root / _OBJECTS, prefix=".part-")
    with os.fdopen(fd, "wb") as out:
        while chunk := body.read(_CHUNK):
            out.write(chunk)
    body.close()
    size, sha = digest(Path(name))
    target = _object_path(root, sha)
    target.parent.mkdir(exist_ok=True)
    os.replace(name, target)
    return ObjectEntry(key=key, bytes=size, sha256=sha, content_type=str(answer.get("ContentType", "")))


def _object_path(root: Path, sha256: str) -> Path:
    return root / _OBJECTS / sha256[:2] / sha256


def read_index(root: Path) -> list[ObjectEntry]:
    """The objects ``objects.jsonl`` lists (its own checksum is the manifest's business)."""
    return [ObjectEntry.model_validate_json(line) for line in (root / INDEX).read_text().splitlines() if line]


def holds_objects(s3: BucketClient, bucket: str) -> bool:
    """Whether ``bucket`` holds any object; a missing bucket is created (and holds none)."""
    try:
        s3.head_bucket(Bucket=bucket)
    except ClientError as exc:
        if exc.response.get("Error", {}).get("Code") not in ("404", "NoSuchBucket", "NotFound"):
            raise
        s3.create_bucket(Bucket=bucket)
        return False
    page = s3.list_objects_v2(Bucket=bucket, MaxKeys=1)
    return bool(page.get("Contents"))


def load(s3: BucketClient, bucket: str, root: Path, entries: list[ObjectEntry]) -> None:
    """Upload every listed object under its key, each file checked against its SHA-256 first."""
    for item in entries:
        path = _object_path(root, item.sha256)
        if not path.is_file() or digest(path) != (item.bytes, item.sha256):
            raise BackupError(f"object {item.key}: {path} is missing or does not match its checksum")
        extra = {"ContentType": item.content_type} if item.content_type else {}
        s3.upload_file(str(path), bucket, item.key, ExtraArgs=extra)
        stored = s3.head_object(Bucket=bucket, Key=item.key)
        if int(stored["ContentLength"]) != item.bytes:
            raise BackupError(f"object {item.key}: the bucket holds {stored['ContentLength']} bytes, not {item.bytes}")
