"""``BlobStore`` over boto3: blocking calls run in worker threads (``anyio.to_thread``).

Uploads buffer at most one part (:data:`PART_SIZE`) in memory: a body that fits in one part is
one ``PutObject``; a larger one becomes a multipart upload, aborted on any failure.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import anyio
import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

from mango_server.settings import Settings

PART_SIZE = 8 * 1024 * 1024
READ_CHUNK = 256 * 1024


class S3BlobStore:
    """One bucket of an S3-compatible endpoint."""

    def __init__(self, client: Any, bucket: str) -> None:
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
        client = boto3.client(
            "s3",
            endpoint_url=settings.s3_endpoint_url or None,
            aws_access_key_id=settings.s3_access_key_id or None,
            aws_secret_access_key=settings.s3_secret_access_key or None,
            region_name=settings.s3_region,
            config=config,
        )
        return cls(client, settings.s3_bucket)

    async def _call(self, method: str, **kwargs: Any) -> Any:
        return await anyio.to_thread.run_sync(partial(getattr(self._client, method), Bucket=self._bucket, **kwargs))

    async def put_stream(self, key: str, chunks: AsyncIterator[bytes], content_type: str) -> tuple[int, str]:
        digest = hashlib.sha256()
        size = 0
        buffer = bytearray()
        upload_id: str | None = None
        parts: list[dict[str, Any]] = []
        try:
            async for chunk in chunks:
                digest.update(chunk)
                size += len(chunk)
                buffer += chunk
                while len(buffer) >= PART_SIZE:
                    if upload_id is None:
                        created = await self._call("create_multipart_upload", Key=key, ContentType=content_type)
                        upload_id = str(created["UploadId"])
                    part, buffer = bytes(buffer[:PART_SIZE]), buffer[PART_SIZE:]
                    parts.append(await self._upload_part(key, upload_id, len(parts) + 1, part))
            if upload_id is None:
                await self._call("put_object", Key=key, Body=bytes(buffer), ContentType=content_type)
            else:
                if buffer:
                    parts.append(await self._upload_part(key, upload_id, len(parts) + 1, bytes(buffer)))
                await self._call(
                    "complete_multipart_upload", Key=key, UploadId=upload_id, MultipartUpload={"Parts": parts}
                )
        except BaseException:
            if upload_id is not None:
                with anyio.CancelScope(shield=True):
                    await self._abort(key, upload_id)
            raise
        return size, digest.hexdigest()

    async def _upload_part(self, key: str, upload_id: str, number: int, body: bytes) -> dict[str, Any]:
        answer = await self._call("upload_part", Key=key, UploadId=upload_id, PartNumber=number, Body=body)
        return {"PartNumber": number, "ETag": answer["ETag"]}

    async def _abort(self, key: str, upload_id: str) -> None:
        with contextlib.suppress(ClientError):  # recovery removes whatever is left under the key
            await self._call("abort_multipart_upload", Key=key, UploadId=upload_id)

    async def get_stream(self, key: str) -> AsyncIterator[bytes]:
        answer = await self._call("get_object", Key=key)
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
            listed = await self._call("list_multipart_uploads", Prefix=key)
            for upload in listed.get("Uploads") or []:
                if upload.get("Key") == key:
                    await self._abort(key, str(upload["UploadId"]))
        except ClientError:
            pass  # not every S3-compatible store lists uploads; the object delete below still runs
        await self._call("delete_object", Key=key)

    async def exists(self, key: str) -> bool:
        try:
            await self._call("head_object", Key=key)
        except ClientError as exc:
            if str(exc.response.get("Error", {}).get("Code")) in ("404", "NoSuchKey", "NotFound"):
                return False
            raise
        return True
