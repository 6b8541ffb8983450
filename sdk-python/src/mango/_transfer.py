"""Streaming transfer primitives behind the ``upload_*``, ``create_from_path`` and ``download_to`` helpers.

- ``MultipartBody`` / ``AsyncMultipartBody``: a ``multipart/form-data`` body whose file part is
  read from disk (or any binary file object) in ``CHUNK_SIZE`` pieces while httpx sends it. The
  length is known up front when the source's size is, so the request carries ``content-length``;
  otherwise it goes out chunked. The body is re-iterable for a seekable source, so a retried
  attempt (429, 503) resends it from the start; progress then restarts from zero.
- ``zip_skill_directory``: zips a Skill folder on the fly into a temporary file, every member
  under ONE top-level folder named after the directory (the shape ``skills.create`` requires).
- ``DownloadSink``: writes a download to a temporary file beside the destination, hashing and
  counting as it goes; ``commit`` verifies size and SHA-256 and renames into place, ``discard``
  removes the temporary file. A verification failure raises ``DownloadVerificationError``.
- ``ProgressCallback``: ``on_progress(bytes_done, total_or_None)``, called after every chunk
  (and once with zero before the first).

Lifecycle: one body or sink per transfer. Not responsible for sending requests, retries or error
mapping (the client's transport) nor for the resource methods (``mango._transfer_resources``).
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import secrets
import stat
import tempfile
import zipfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import IO

import anyio

from ._exceptions import MangoError

__all__ = [
    "CHUNK_SIZE",
    "AsyncMultipartBody",
    "DownloadSink",
    "DownloadVerificationError",
    "MultipartBody",
    "ProgressCallback",
    "guess_mime_type",
    "source_size",
    "zip_skill_directory",
]

CHUNK_SIZE = 64 * 1024
ProgressCallback = Callable[[int, "int | None"], None]
"""``on_progress(bytes_done, total)``; ``total`` is ``None`` when the size is unknown."""


class DownloadVerificationError(MangoError):
    """A downloaded body's size or SHA-256 differs from what the API's metadata promised."""


def guess_mime_type(filename: str) -> str:
    """The media type for ``filename`` by extension; ``application/octet-stream`` when unknown."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def source_size(fileobj: IO[bytes]) -> int | None:
    """Bytes left in ``fileobj`` from its current position, or ``None`` for an unseekable stream."""
    try:
        if not fileobj.seekable():
            return None
        start = fileobj.tell()
        end = fileobj.seek(0, os.SEEK_END)
        fileobj.seek(start)
        return end - start
    except (AttributeError, OSError, ValueError):
        return None


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\r", " ").replace("\n", " ")


class _Multipart:
    """The framing of one file part plus text fields; the file bytes come from ``fileobj``."""

    def __init__(
        self,
        fileobj: IO[bytes],
        *,
        filename: str,
        mime_type: str,
        fields: dict[str, str] | None,
        size: int | None,
        on_progress: ProgressCallback | None,
    ) -> None:
        self.boundary = secrets.token_hex(16)
        head = b""
        for name, value in (fields or {}).items():
            head += self._header(f'form-data; name="{_quote(name)}"', None) + value.encode() + b"\r\n"
        disposition = f'form-data; name="file"; filename="{_quote(filename)}"'
        self._head = head + self._header(disposition, mime_type)
        self._tail = f"\r\n--{self.boundary}--\r\n".encode()
        self._fileobj = fileobj
        self._size = size
        self._on_progress = on_progress
        self._start = fileobj.tell() if size is not None else None
        self._iterated = False
        self._sent = 0

    def _header(self, disposition: str, content_type: str | None) -> bytes:
        lines = [f"--{self.boundary}", f"Content-Disposition: {disposition}"]
        if content_type is not None:
            lines.append(f"Content-Type: {content_type}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    @property
    def headers(self) -> dict[str, str]:
        """``content-type`` with the boundary, and ``content-length`` when the size is known."""
        headers = {"content-type": f"multipart/form-data; boundary={self.boundary}"}
        if self._size is not None:
            headers["content-length"] = str(len(self._head) + self._size + len(self._tail))
        return headers

    def _begin(self) -> bytes:
        """Rewind for a repeated iteration (a retried attempt) and return the leading framing."""
        if self._iterated:
            if self._start is None:
                raise MangoError("the upload source cannot be rewound for a retried attempt")
            self._fileobj.seek(self._start)
        self._iterated = True
        self._sent = 0
        self._report()
        return self._head

    def _account(self, chunk: bytes) -> None:
        self._sent += len(chunk)
        self._report()

    def _end(self) -> bytes:
        if self._size is not None and self._sent != self._size:
            raise MangoError(f"the upload source changed while sending: expected {self._size} bytes, read {self._sent}")
        return self._tail

    def _report(self) -> None:
        if self._on_progress is not None:
            self._on_progress(self._sent, self._size)


class MultipartBody(_Multipart):
    """A streamed multipart body for the sync client (an ``Iterable[bytes]``, re-iterable)."""

    def __iter__(self) -> Iterator[bytes]:
        yield self._begin()
        while chunk := self._fileobj.read(CHUNK_SIZE):
            yield chunk
            self._account(chunk)
        yield self._end()


class AsyncMultipartBody(_Multipart):
    """Async twin of ``MultipartBody`` (an ``AsyncIterable[bytes]``; reads run in a worker thread)."""

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield self._begin()
        while chunk := await anyio.to_thread.run_sync(self._fileobj.read, CHUNK_SIZE):
            yield chunk
            self._account(chunk)
        yield self._end()


def zip_skill_directory(directory: Path) -> Path:
    """Zip ``directory`` into a new temporary file, members under ``<directory name>/``.

    The caller removes the returned file. Symbolic links and special files are refused (the API
    would reject them too), so the archive holds exactly what the folder shows.

    Raises:
        ValueError: ``directory`` has no ``SKILL.md`` or holds a link or special file.
    """
    root = directory.resolve()
    if not (root / "SKILL.md").is_file():
        raise ValueError(f"{directory} has no SKILL.md")
    handle, name = tempfile.mkstemp(prefix="mango-skill-", suffix=".zip")
    os.close(handle)
    try:
        with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(root.rglob("*")):
                mode = path.lstat().st_mode
                if stat.S_ISDIR(mode):
                    continue
                if not stat.S_ISREG(mode):
                    raise ValueError(f"{path} is a link or special file; skill archives hold regular files only")
                archive.write(path, f"{root.name}/{path.relative_to(root).as_posix()}")
    except BaseException:
        os.unlink(name)
        raise
    return Path(name)


class DownloadSink:
    """A download in progress: a temporary file beside ``destination`` (or a caller's file object)."""

    def __init__(
        self,
        destination: str | os.PathLike[str] | IO[bytes],
        *,
        expected_size: int | None,
        expected_sha256: str | None,
        on_progress: ProgressCallback | None,
    ) -> None:
        self.expected_size = expected_size
        self.expected_sha256 = expected_sha256.lower() if expected_sha256 else None
        self.received = 0
        self._hash = hashlib.sha256()
        self._on_progress = on_progress
        self._final: Path | None = None
        self.temp_path: Path | None = None
        if isinstance(destination, str | os.PathLike):
            self._final = Path(destination)
            handle, name = tempfile.mkstemp(prefix=f".{self._final.name}.", suffix=".part", dir=self._final.parent)
            self.temp_path = Path(name)
            # mkstemp creates 0600; a downloaded file gets ordinary permissions.
            os.fchmod(handle, 0o644)
            self._out: IO[bytes] = os.fdopen(handle, "wb")
        else:
            self._out = destination
        self._report()

    def write(self, chunk: bytes) -> None:
        """Append one chunk; sizes beyond the expected one fail at once."""
        self._out.write(chunk)
        self._hash.update(chunk)
        self.received += len(chunk)
        if self.expected_size is not None and self.received > self.expected_size:
            raise DownloadVerificationError(f"received more than the expected {self.expected_size} bytes")
        self._report()

    def _report(self) -> None:
        if self._on_progress is not None:
            self._on_progress(self.received, self.expected_size)

    def commit(self) -> None:
        """Verify size and SHA-256, then move the temporary file into place."""
        if self.expected_size is not None and self.received != self.expected_size:
            raise DownloadVerificationError(f"received {self.received} bytes, expected {self.expected_size}")
        digest = self._hash.hexdigest()
        if self.expected_sha256 is not None and digest != self.expected_sha256:
            raise DownloadVerificationError(f"sha256 {digest} does not match the expected {self.expected_sha256}")
        if self.temp_path is None or self._final is None:
            self._out.flush()
            return
        self._out.close()
        os.replace(self.temp_path, self._final)
        self.temp_path = None

    def discard(self) -> None:
        """Remove the temporary file (a no-op after ``commit`` or for a caller's file object)."""
        if self.temp_path is None:
            return
        self._out.close()
        self.temp_path.unlink(missing_ok=True)
        self.temp_path = None
