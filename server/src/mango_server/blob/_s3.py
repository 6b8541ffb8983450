"""``BlobStore`` over boto3: blocking calls run in worker threads (``anyio.to_thread``).

Uploads buffer at most one part (:data:`PART_SIZE`) in memory: a body that fits in one part is
one ``PutObject``; a larger one becomes a multipart upload, aborted on any failure.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import NotRequired, ParamSpec, Protocol, TypedDict, TypeVar

import anyio
import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from mango_server.settings import Settings

P = ParamSpec("P")
T = TypeVar("T")

PART_SIZE = 8 * 1024 * 1024
READ_CHUNK = 256 * 1024


class _CreatedUpload(TypedDict):
    UploadId: str


class _UploadedPart(TypedDict):
    ETag: str


class _Part(TypedDict):
    PartNumber: int
    ETag: str


class _CompletedParts(TypedDict):
    Parts: list[_Part]


class _Body(Protocol):
    """A ``get_object`` body (botocore's ``StreamingBody``)."""

    def read(self, amt: int) -> bytes: ...
    def close(self) -> None: ...


class _Object(TypedDict):
    Body: _Body


class _Upload(TypedDict):
    Key: str
    UploadId: str


class _Uploads(TypedDict):
    Uploads: NotRequired[list[_Upload]]


class S3Client(Protocol):
    """The calls Mango makes on a boto3 S3 client, with the fields it reads of their answers.

    boto3 ships no type information; a ``boto3.client("s3")`` is one of these.
    """

    def put_object(self, *, Bucket: str, Key: str, Body: bytes, ContentType: str) -> object: ...
    def create_multipart_upload(self, *, Bucket: str, Key: str, ContentType: str) -> _CreatedUpload: ...
    def upload_part(self, *, Bucket: str, Key: str, UploadId: str, PartNumber: int, Body: bytes) -> _UploadedPart: ...
    def complete_multipart_upload(
        self, *, Bucket: str, Key: str, UploadId: str, MultipartUpload: _CompletedParts
    ) -> object: ...
    def abort_multipart_upload(self, *, Bucket: str, Key: str, UploadId: str) -> object: ...
    def get_object(self, *, Bucket: str, Key: str) -> _Object: ...
    def list_multipart_uploads(self, *, Bucket: str, Prefix: str) -> _Uploads: ...
    def delete_object(self, *, Bucket: str, Key: str) -> object: ...
    def head_object(self, *, Bucket: str, Key: str) -> object: ...
    def head_bucket(self, *, Bucket: str) -> object: ...


class S3BlobStore:
    """One bucket of an S3-compatible endpoint."""

    def __init__(self, client: S3Client, bucket: str) -> None:
        self._client = client
        self._bucket = bucket

    @classmethod
    def from_settings(cls, settings: Settings) -> S3BlobStore:
        """A store for ``MANGO_S3_*`` (path-style addressing, standard retries)."""
        config = Config(
            s3={"addressing_style": "path"},
            retries={"max_attempts": 3, "mode": "standard"},
            connect_timeout=5,
            read_timeout=60,
        )
        client: S3Client = boto3.client(
            "s3",
            endpoint_url=settings.s3_endpoint_url or None,
            aws_access_key_id=settings.s3_access_key_id or None,
            aws_secret_access_key=settings.s3_secret_access_key or None,
            region_name=settings.s3_region,
            config=config,
        )
        return cls(client, settings.s3_bucket)

    async def _call(self, method: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """``method(*args, **kwargs)`` in a worker thread (boto3 blocks)."""
        return await anyio.to_thread.run_sync(partial(method, *args, **kwargs))

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> tuple[int, str]:
        digest = hashlib.sha256()
        size = 0
        buffer = bytearray()
        upload_id: str | None = None
        parts: list[_Part] = []
        try:
            async for chunk in chunks:
                digest.update(chunk)
                size += len(chunk)
                buffer += chunk
                while len(buffer) >= PART_SIZE:
                    if upload_id is None:
                        created = await self._call(
                            self._client.create_multipart_upload, Bucket=self._bucket, Key=key, ContentType=content_type
                        )
                        upload_id = str(created["UploadId"])
                    part, buffer = bytes(buffer[:PART_SIZE]), buffer[PART_SIZE:]
                    parts.append(await self._upload_part(key, upload_id, len(parts) + 1, part))
            if upload_id is None:
                await self._call(
                    self._client.put_object, Bucket=self._bucket, Key=key, Body=bytes(buffer), ContentType=content_type
                )
            else:
                if buffer:
                    parts.append(await self._upload_part(key, upload_id, len(parts) + 1, bytes(buffer)))
                await self._call(
                    self._client.complete_multipart_upload,
                    Bucket=self._bucket,
                    Key=key,
                    UploadId=upload_id,
                    MultipartUpload={"Parts": parts},
                )
        except BaseException:
            if upload_id is not None:
                with anyio.CancelScope(shield=True):
                    await self._abort(key, upload_id)
            raise
        return size, digest.hexdigest()

    async def _upload_part(self, key: str, upload_id: str, number: int, body: bytes) -> _Part:
        answer = await self._call(
            self._client.upload_part, Bucket=self._bucket, Key=key, UploadId=upload_id, PartNumber=number, Body=body
        )
        return {"PartNumber": number, "ETag": answer["ETag"]}

    async def _abort(self, key: str, upload_id: str) -> None:
        with contextlib.suppress(ClientError):  # recovery removes whatever is left under the key
            await self._call(self._client.abort_multipart_upload, Bucket=self._bucket, Key=key, UploadId=upload_id)

    async def get_stream(self, key: str) -> AsyncIterator[bytes]:
        answer = await self._call(self._client.get_object, Bucket=self._bucket, Key=key)
        body = answer["Body"]
        try:
            while True:
                chunk: bytes = await anyio.to_thread.run_sync(body.read, READ_CHUNK)
                if not chunk:
                    return
                yield chunk
        finally:
            body.close()

    async def delete(self, key: str) -> None:
        try:
            listed = await self._call(self._client.list_multipart_uploads, Bucket=self._bucket, Prefix=key)
            for upload in listed.get("Uploads") or []:
                if upload.get("Key") == key:
                    await self._abort(key, str(upload["UploadId"]))
        except ClientError:
            pass  # not every S3-compatible store lists uploads; the object delete below still runs
        await self._call(self._client.delete_object, Bucket=self._bucket, Key=key)

    async def exists(self, key: str) -> bool:
        try:
            await self._call(self._client.head_object, Bucket=self._bucket, Key=key)
        except ClientError as exc:
            if str(exc.response.get("Error", {}).get("Code")) in ("404", "NoSuchKey", "NotFound"):
                return False
            raise
        return True
