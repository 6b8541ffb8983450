"""``client.files`` and ``client.skills`` with streaming upload and download helpers.

The generated namespaces (``FilesResource``, ``SkillsResource``, ``SkillsVersionsResource``) are
extended here, so every generated operation stays where it is and the helpers sit beside it:

- ``client.files.upload_path(path)`` / ``upload_stream(fileobj, filename)``: ``files.upload``
  streamed from disk in chunks, never read whole into memory;
- ``client.files.download_to(file_id, path_or_fileobj)``: ``files.get`` then ``files.content``
  streamed to a temporary file, checked against ``size_bytes`` and ``sha256``, renamed into place;
- ``client.skills.create_from_path(zip_or_directory)`` and
  ``client.skills.versions.create_from_path(skill_id, zip_or_directory)``: a directory is zipped
  on the fly under one top-level folder; a ``.zip`` is sent as is;
- ``client.skills.versions.download_to(skill_id, version, path_or_fileobj)``: checked against
  ``archive_size_bytes`` and ``archive_sha256``.

Every helper takes ``on_progress(bytes_done, total_or_None)``. ``FileTransfers`` and its
siblings are documented; the ``Async*`` twins take the same arguments and are awaited.
Not responsible for the wire framing, temporary files or verification (``mango._transfer``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, TypeVar

import anyio
import httpx

from ._base_client import AsyncAPIClient, SyncAPIClient
from ._encoding import format_path
from ._generated.async_resources import AsyncFilesResource, AsyncSkillsResource, AsyncSkillsVersionsResource
from ._generated.models import File, Skill, SkillVersion
from ._generated.resources import FilesResource, SkillsResource, SkillsVersionsResource
from ._transfer import (
    CHUNK_SIZE,
    AsyncMultipartBody,
    DownloadSink,
    MultipartBody,
    ProgressCallback,
    guess_mime_type,
    source_size,
    zip_skill_directory,
)

__all__ = [
    "AsyncFileTransfers",
    "AsyncSkillTransfers",
    "AsyncSkillVersionTransfers",
    "FileTransfers",
    "SkillTransfers",
    "SkillVersionTransfers",
]

T = TypeVar("T")
B = TypeVar("B", MultipartBody, AsyncMultipartBody)
PathLike = str | os.PathLike[str]
Destination = str | os.PathLike[str] | IO[bytes]
_FILE_CONTENT = "/v1/files/{file_id}/content"
_SKILL_CONTENT = "/v1/skills/{skill_id}/versions/{version}/content"


def _upload_request(
    client: SyncAPIClient | AsyncAPIClient,
    path: str,
    path_params: Mapping[str, str] | None,
    body: MultipartBody | AsyncMultipartBody,
) -> httpx.Request:
    headers = httpx.Headers(client.default_headers)
    headers.update(body.headers)
    return client._http.build_request(
        "POST", client.base_url + format_path(path, path_params), headers=headers, content=body, timeout=client.timeout
    )


def _download_request(
    client: SyncAPIClient | AsyncAPIClient, path: str, path_params: Mapping[str, str]
) -> httpx.Request:
    return client._build(client._http, "GET", path, path_params=path_params, headers={"accept": "*/*"})


def _body(
    cls: type[B],
    fileobj: IO[bytes],
    filename: str,
    *,
    mime_type: str | None,
    size: int | None,
    fields: dict[str, str] | None,
    on_progress: ProgressCallback | None,
) -> B:
    size = size if size is not None else source_size(fileobj)
    mime_type = mime_type or guess_mime_type(filename)
    return cls(fileobj, filename=filename, mime_type=mime_type, fields=fields, size=size, on_progress=on_progress)


@contextlib.contextmanager
def _skill_archive(path: PathLike) -> Iterator[tuple[Path, str]]:
    """The archive to send and its part filename; a directory is zipped into a temporary file."""
    source = Path(path)
    if not source.is_dir():
        yield source, source.name
        return
    archive = zip_skill_directory(source)
    try:
        yield archive, f"{source.name}.zip"
    finally:
        archive.unlink(missing_ok=True)


@contextlib.asynccontextmanager
async def _async_skill_archive(path: PathLike) -> AsyncIterator[tuple[Path, str]]:
    """Async twin of ``_skill_archive`` (zipping runs in a worker thread)."""
    source = anyio.Path(path)
    if not await source.is_dir():
        yield Path(source), source.name
        return
    archive = await anyio.to_thread.run_sync(zip_skill_directory, Path(source))
    try:
        yield archive, f"{source.name}.zip"
    finally:
        await anyio.Path(archive).unlink(missing_ok=True)


def _upload(
    client: SyncAPIClient,
    path: str,
    cast: Callable[[Any], T],
    source: PathLike,
    filename: str,
    mime_type: str | None,
    on_progress: ProgressCallback | None,
    *,
    path_params: Mapping[str, str] | None = None,
    fields: dict[str, str] | None = None,
) -> T:
    with open(source, "rb") as fileobj:
        body = _body(
            MultipartBody, fileobj, filename, mime_type=mime_type, size=None, fields=fields, on_progress=on_progress
        )
        response = client._send(_upload_request(client, path, path_params, body))
    return client._decode(response, cast, False)


def _download(client: SyncAPIClient, path: str, path_params: Mapping[str, str], sink: DownloadSink) -> None:
    try:
        response = client._send(_download_request(client, path, path_params), stream=True)
        try:
            for chunk in response.iter_bytes(CHUNK_SIZE):
                sink.write(chunk)
        finally:
            response.close()
        sink.commit()
    finally:
        sink.discard()


class FileTransfers(FilesResource):
    """``client.files``: the generated ``files.*`` operations plus streaming helpers."""

    def upload_path(
        self,
        path: PathLike,
        *,
        filename: str | None = None,
        mime_type: str | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> File:
        """Upload a local file, streamed in chunks with a known ``content-length``.

        Args:
            path: the file to send.
            filename: the recorded name (default: the path's name).
            mime_type: the recorded media type (default: guessed from the name).
            on_progress: called with ``(bytes_sent, total)`` after every chunk.
        """
        name = filename or Path(path).name
        return _upload(self._client, "/v1/files", File.from_dict, path, name, mime_type, on_progress)

    def upload_stream(
        self,
        fileobj: IO[bytes],
        filename: str,
        *,
        mime_type: str | None = None,
        size: int | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> File:
        """Upload from a binary file object, read in chunks from its current position.

        A seekable source is measured (``content-length`` is sent) and rewound for a retried
        attempt; an unseekable one is sent chunked, once, unless ``size`` is given.
        """
        body = _body(
            MultipartBody, fileobj, filename, mime_type=mime_type, size=size, fields=None, on_progress=on_progress
        )
        response = self._client._send(_upload_request(self._client, "/v1/files", None, body))
        return self._client._decode(response, File.from_dict, False)

    def download_to(
        self, file_id: str, destination: Destination, *, on_progress: ProgressCallback | None = None
    ) -> File:
        """Stream a File's bytes to ``destination`` and verify them; returns the File's metadata.

        A path is written through a temporary file in the same folder that is renamed into place
        only after the size and SHA-256 match (and removed otherwise); a file object is written
        directly and the check happens at the end.

        Raises:
            DownloadVerificationError: the bytes differ from ``size_bytes`` / ``sha256``.
        """
        meta = self.get(file_id)
        sink = DownloadSink(
            destination, expected_size=meta.size_bytes, expected_sha256=meta.sha256 or None, on_progress=on_progress
        )
        _download(self._client, _FILE_CONTENT, {"file_id": file_id}, sink)
        return meta


class SkillVersionTransfers(SkillsVersionsResource):
    """``client.skills.versions``: the generated operations plus ``create_from_path`` and ``download_to``."""

    def create_from_path(
        self, skill_id: str, path: PathLike, *, on_progress: ProgressCallback | None = None
    ) -> SkillVersion:
        """Add a version from a ``.zip`` or a Skill directory (zipped on the fly under its own name)."""
        with _skill_archive(path) as (archive, filename):
            return _upload(
                self._client,
                "/v1/skills/{skill_id}/versions",
                SkillVersion.from_dict,
                archive,
                filename,
                "application/zip",
                on_progress,
                path_params={"skill_id": skill_id},
            )

    def download_to(
        self, skill_id: str, version: str, destination: Destination, *, on_progress: ProgressCallback | None = None
    ) -> SkillVersion:
        """Stream a version's archive to ``destination``, verified against ``archive_size_bytes`` and
        ``archive_sha256`` (same temporary-file rules as ``FileTransfers.download_to``)."""
        meta = self.get(skill_id, version)
        sink = DownloadSink(
            destination,
            expected_size=meta.archive_size_bytes,
            expected_sha256=meta.archive_sha256 or None,
            on_progress=on_progress,
        )
        _download(self._client, _SKILL_CONTENT, {"skill_id": skill_id, "version": meta.version}, sink)
        return meta


class SkillTransfers(SkillsResource):
    """``client.skills``: the generated operations plus ``create_from_path``."""

    versions: SkillVersionTransfers

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.versions = SkillVersionTransfers(client)

    def create_from_path(
        self, path: PathLike, *, display_title: str | None = None, on_progress: ProgressCallback | None = None
    ) -> Skill:
        """Create a Skill from a ``.zip`` or a directory holding ``SKILL.md``.

        A directory is zipped into a temporary file first (members under ``<directory name>/``,
        links and special files refused), then streamed like ``FileTransfers.upload_path``.
        """
        fields = {"display_title": display_title} if display_title is not None else None
        with _skill_archive(path) as (archive, filename):
            return _upload(
                self._client,
                "/v1/skills",
                Skill.from_dict,
                archive,
                filename,
                "application/zip",
                on_progress,
                fields=fields,
            )


def _open_binary(path: PathLike) -> IO[bytes]:
    return open(path, "rb")


async def _aupload(
    client: AsyncAPIClient,
    path: str,
    cast: Callable[[Any], T],
    source: PathLike,
    filename: str,
    mime_type: str | None,
    on_progress: ProgressCallback | None,
    *,
    path_params: Mapping[str, str] | None = None,
    fields: dict[str, str] | None = None,
) -> T:
    fileobj = await anyio.to_thread.run_sync(_open_binary, source)
    try:
        body = _body(
            AsyncMultipartBody,
            fileobj,
            filename,
            mime_type=mime_type,
            size=None,
            fields=fields,
            on_progress=on_progress,
        )
        response = await client._send(_upload_request(client, path, path_params, body))
    finally:
        fileobj.close()
    return client._decode(response, cast, False)


async def _adownload(client: AsyncAPIClient, path: str, path_params: Mapping[str, str], sink: DownloadSink) -> None:
    try:
        response = await client._send(_download_request(client, path, path_params), stream=True)
        try:
            async for chunk in response.aiter_bytes(CHUNK_SIZE):
                sink.write(chunk)
        finally:
            await response.aclose()
        sink.commit()
    finally:
        sink.discard()


class AsyncFileTransfers(AsyncFilesResource):
    """Async twin of ``FileTransfers``."""

    async def upload_path(
        self,
        path: PathLike,
        *,
        filename: str | None = None,
        mime_type: str | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> File:
        name = filename or Path(path).name
        return await _aupload(self._client, "/v1/files", File.from_dict, path, name, mime_type, on_progress)

    async def upload_stream(
        self,
        fileobj: IO[bytes],
        filename: str,
        *,
        mime_type: str | None = None,
        size: int | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> File:
        body = _body(
            AsyncMultipartBody, fileobj, filename, mime_type=mime_type, size=size, fields=None, on_progress=on_progress
        )
        response = await self._client._send(_upload_request(self._client, "/v1/files", None, body))
        return self._client._decode(response, File.from_dict, False)

    async def download_to(
        self, file_id: str, destination: Destination, *, on_progress: ProgressCallback | None = None
    ) -> File:
        meta = await self.get(file_id)
        sink = DownloadSink(
            destination, expected_size=meta.size_bytes, expected_sha256=meta.sha256 or None, on_progress=on_progress
        )
        await _adownload(self._client, _FILE_CONTENT, {"file_id": file_id}, sink)
        return meta


class AsyncSkillVersionTransfers(AsyncSkillsVersionsResource):
    """Async twin of ``SkillVersionTransfers``."""

    async def create_from_path(
        self, skill_id: str, path: PathLike, *, on_progress: ProgressCallback | None = None
    ) -> SkillVersion:
        async with _async_skill_archive(path) as (archive, filename):
            return await _aupload(
                self._client,
                "/v1/skills/{skill_id}/versions",
                SkillVersion.from_dict,
                archive,
                filename,
                "application/zip",
                on_progress,
                path_params={"skill_id": skill_id},
            )

    async def download_to(
        self, skill_id: str, version: str, destination: Destination, *, on_progress: ProgressCallback | None = None
    ) -> SkillVersion:
        meta = await self.get(skill_id, version)
        sink = DownloadSink(
            destination,
            expected_size=meta.archive_size_bytes,
            expected_sha256=meta.archive_sha256 or None,
            on_progress=on_progress,
        )
        await _adownload(self._client, _SKILL_CONTENT, {"skill_id": skill_id, "version": meta.version}, sink)
        return meta


class AsyncSkillTransfers(AsyncSkillsResource):
    """Async twin of ``SkillTransfers``."""

    versions: AsyncSkillVersionTransfers

    def __init__(self, client: AsyncAPIClient) -> None:
        super().__init__(client)
        self.versions = AsyncSkillVersionTransfers(client)

    async def create_from_path(
        self, path: PathLike, *, display_title: str | None = None, on_progress: ProgressCallback | None = None
    ) -> Skill:
        fields = {"display_title": display_title} if display_title is not None else None
        async with _async_skill_archive(path) as (archive, filename):
            return await _aupload(
                self._client,
                "/v1/skills",
                Skill.from_dict,
                archive,
                filename,
                "application/zip",
                on_progress,
                fields=fields,
            )
