"""Streaming transfer helpers: chunked multipart uploads, progress, retries, verified downloads, Skill zips."""

from __future__ import annotations

import email.parser
import email.policy
import hashlib
import io
import os
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mango import AsyncMango, DownloadVerificationError, Mango, MangoError, RetryPolicy
from mango._transfer import CHUNK_SIZE, zip_skill_directory

BASE = "http://mango.test"
CREATED = "2026-01-01T00:00:00Z"
Answer = Callable[[httpx.Request, bytes], httpx.Response]


def file_json(data: bytes, file_id: str = "file_1", sha256: str | None = None) -> dict[str, Any]:
    digest = sha256 if sha256 is not None else hashlib.sha256(data).hexdigest()
    return {"type": "file", "id": file_id, "filename": "f.bin", "mime_type": "application/octet-stream",
            "size_bytes": len(data), "sha256": digest, "created_at": CREATED}  # fmt: skip


def version_json(data: bytes, sha256: str | None = None) -> dict[str, Any]:
    digest = sha256 if sha256 is not None else hashlib.sha256(data).hexdigest()
    return {"type": "skill_version", "id": "skv_1", "skill_id": "skill_1", "version": "2", "name": "pdf-tools",
            "description": "d", "directory": "pdf", "archive_size_bytes": len(data), "archive_sha256": digest,
            "expanded_size_bytes": 10, "member_count": 2, "created_at": CREATED}  # fmt: skip


SKILL = {"type": "skill", "id": "skill_1", "display_title": "PDF", "latest_version": "1",
         "created_at": CREATED, "updated_at": CREATED}  # fmt: skip


class Recorder(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """A transport that consumes request bodies chunk by chunk, noting the progress seen at each chunk."""

    def __init__(self, answer: Answer, progress: list[tuple[int, int | None]] | None = None) -> None:
        self.answer = answer
        self.progress = progress if progress is not None else []
        self.requests: list[tuple[httpx.Request, bytes]] = []
        self.chunks: list[tuple[int, int]] = []  # (chunk length, progress calls seen when it arrived)

    def _record(self, request: httpx.Request, body: bytes) -> httpx.Response:
        self.requests.append((request, body))
        return self.answer(request, body)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        assert isinstance(request.stream, httpx.SyncByteStream)
        body = b""
        for chunk in request.stream:
            self.chunks.append((len(chunk), len(self.progress)))
            body += chunk
        return self._record(request, body)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        assert isinstance(request.stream, httpx.AsyncByteStream)
        body = b""
        async for chunk in request.stream:
            self.chunks.append((len(chunk), len(self.progress)))
            body += chunk
        return self._record(request, body)


def file_part(request: httpx.Request, body: bytes) -> tuple[dict[str, tuple[str | None, str, bytes]], str]:
    """The multipart parts of an upload as {name: (filename, content type, bytes)}, and the content type."""
    head = f"content-type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + body)
    parts = {}
    for part in message.iter_parts():
        payload = part.get_payload(decode=True)
        assert isinstance(payload, bytes)
        parts[str(part.get_param("name", header="content-disposition"))] = (
            part.get_filename(), part.get_content_type(), payload)  # fmt: skip
    return parts, request.headers["content-type"]


def sync_client(transport: Recorder, instant: RetryPolicy) -> Mango:
    return Mango(base_url=BASE, api_key="k", retry_policy=instant, http_client=httpx.Client(transport=transport))


def async_client(transport: Recorder, instant: RetryPolicy) -> AsyncMango:
    return AsyncMango(
        base_url=BASE, api_key="k", retry_policy=instant, http_client=httpx.AsyncClient(transport=transport)
    )


@pytest.fixture
def big(tmp_path: Path) -> Path:
    path = tmp_path / "big.bin"
    path.write_bytes(os.urandom(5 * CHUNK_SIZE + 123))
    return path


def test_upload_path_streams_chunks_and_reports_progress(big: Path, instant: RetryPolicy) -> None:
    data = big.read_bytes()
    progress: list[tuple[int, int | None]] = []
    transport = Recorder(lambda req, body: httpx.Response(200, json=file_json(data)), progress)
    created = sync_client(transport, instant).files.upload_path(big, on_progress=lambda *a: progress.append(a))
    assert created.id == "file_1"
    request, body = transport.requests[0]
    assert request.headers["content-length"] == str(len(body))
    assert "transfer-encoding" not in request.headers
    parts, _ = file_part(request, body)
    assert parts["file"] == ("big.bin", "application/octet-stream", data)
    sizes = [done for done, _ in progress]
    assert sizes == sorted(sizes)
    assert (sizes[0], sizes[-1]) == (0, len(data))
    assert {total for _, total in progress} == {len(data)}
    # The body is produced lazily: no file chunk is larger than CHUNK_SIZE and each arrived
    # before the progress of the later chunks had been reported.
    file_chunks = [(n, seen) for n, seen in transport.chunks[1:-1]]
    assert max(n for n, _ in file_chunks) == CHUNK_SIZE
    assert [seen for _, seen in file_chunks] == list(range(1, 7))


def test_upload_stream_of_an_unseekable_source_is_sent_chunked(instant: RetryPolicy) -> None:
    data = b"x" * (CHUNK_SIZE + 5)

    class Pipe(io.RawIOBase):
        def __init__(self) -> None:
            self.source = io.BytesIO(data)

        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            return self.source.read(size)

    progress: list[tuple[int, int | None]] = []
    transport = Recorder(lambda req, body: httpx.Response(200, json=file_json(data)), progress)
    sync_client(transport, instant).files.upload_stream(Pipe(), "notes.txt", on_progress=lambda *a: progress.append(a))  # type: ignore[arg-type]
    request, body = transport.requests[0]
    assert request.headers["transfer-encoding"] == "chunked"
    parts, _ = file_part(request, body)
    assert parts["file"] == ("notes.txt", "text/plain", data)
    assert progress[-1] == (len(data), None)


def test_a_retried_upload_resends_the_whole_body(big: Path, instant: RetryPolicy) -> None:
    data = big.read_bytes()
    answers = iter([httpx.Response(429, json={"type": "error", "error": {"type": "rate_limit_error", "message": "x"}}),
                    httpx.Response(200, json=file_json(data))])  # fmt: skip
    transport = Recorder(lambda req, body: next(answers))
    sync_client(transport, instant).files.upload_path(big, filename="renamed.bin", mime_type="image/png")
    assert len(transport.requests) == 2
    for request, body in transport.requests:
        assert file_part(request, body)[0]["file"] == ("renamed.bin", "image/png", data)


def download_answer(data: bytes, meta: dict[str, Any], status: int = 200) -> Answer:
    def answer(request: httpx.Request, body: bytes) -> httpx.Response:
        if request.url.path.endswith("/content"):
            if status != 200:
                return httpx.Response(status, json={"type": "error", "error": {"type": "not_found_error"}})
            return httpx.Response(200, content=data, headers={"content-type": "application/octet-stream"})
        return httpx.Response(200, json=meta)

    return answer


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def test_download_to_writes_verified_bytes(tmp_path: Path, instant: RetryPolicy) -> None:
    data = os.urandom(3 * CHUNK_SIZE + 7)
    progress: list[tuple[int, int | None]] = []
    transport = Recorder(download_answer(data, file_json(data)))
    meta = sync_client(transport, instant).files.download_to(
        "file_1", tmp_path / "out.bin", on_progress=lambda *a: progress.append(a)
    )
    assert meta.size_bytes == len(data)
    assert (tmp_path / "out.bin").read_bytes() == data
    assert (progress[0], progress[-1]) == ((0, len(data)), (len(data), len(data)))
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)
    assert leftovers(tmp_path) == []
    assert [r.url.path for r, _ in transport.requests] == ["/v1/files/file_1", "/v1/files/file_1/content"]


def test_download_to_a_file_object(instant: RetryPolicy) -> None:
    data = b"hello"
    sink = io.BytesIO()
    sync_client(Recorder(download_answer(data, file_json(data))), instant).files.download_to("file_1", sink)
    assert sink.getvalue() == data


@pytest.mark.parametrize(
    ("meta", "message"),
    [(file_json(b"the data", sha256="ab" * 32), "sha256"), (file_json(b"longer than the data"), "bytes")],
)
def test_download_verification_failure_removes_the_temporary_file(
    tmp_path: Path, instant: RetryPolicy, meta: dict[str, Any], message: str
) -> None:
    client = sync_client(Recorder(download_answer(b"the data", meta)), instant)
    with pytest.raises(DownloadVerificationError, match=message):
        client.files.download_to("file_1", tmp_path / "out.bin")
    assert not (tmp_path / "out.bin").exists()
    assert leftovers(tmp_path) == []


def test_download_error_keeps_the_existing_file(tmp_path: Path, instant: RetryPolicy) -> None:
    (tmp_path / "out.bin").write_bytes(b"previous")
    client = sync_client(Recorder(download_answer(b"", file_json(b"x"), status=404)), instant)
    with pytest.raises(MangoError):
        client.files.download_to("file_1", tmp_path / "out.bin")
    assert (tmp_path / "out.bin").read_bytes() == b"previous"
    assert leftovers(tmp_path) == []


def skill_dir(tmp_path: Path) -> Path:
    root = tmp_path / "pdf"
    (root / "scripts").mkdir(parents=True)
    (root / "SKILL.md").write_text("---\nname: pdf-tools\ndescription: d\n---\n")
    (root / "scripts" / "fill.py").write_text("print('fill')\n")
    return root


def test_create_skill_from_a_directory_zips_one_top_level_folder(tmp_path: Path, instant: RetryPolicy) -> None:
    transport = Recorder(lambda req, body: httpx.Response(200, json=SKILL))
    skill = sync_client(transport, instant).skills.create_from_path(skill_dir(tmp_path), display_title="PDF")
    assert skill.id == "skill_1"
    request, body = transport.requests[0]
    assert request.url.path == "/v1/skills"
    parts, _ = file_part(request, body)
    filename, content_type, archive = parts["file"]
    assert (filename, content_type) == ("pdf.zip", "application/zip")
    assert parts["display_title"][2] == b"PDF"
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        assert sorted(zf.namelist()) == ["pdf/SKILL.md", "pdf/scripts/fill.py"]


def test_create_version_from_a_zip_sends_it_unchanged(tmp_path: Path, instant: RetryPolicy) -> None:
    archive = tmp_path / "given.zip"
    archive.write_bytes(b"PK-not-really")
    data = archive.read_bytes()
    transport = Recorder(lambda req, body: httpx.Response(200, json=version_json(data)))
    version = sync_client(transport, instant).skills.versions.create_from_path("skill_1", archive)
    assert version.version == "2"
    request, body = transport.requests[0]
    assert request.url.path == "/v1/skills/skill_1/versions"
    assert file_part(request, body)[0]["file"] == ("given.zip", "application/zip", data)


def test_zip_refuses_links_and_missing_skill_md(tmp_path: Path) -> None:
    root = skill_dir(tmp_path)
    (root / "link").symlink_to(root / "SKILL.md")
    with pytest.raises(ValueError, match="link"):
        zip_skill_directory(root)
    with pytest.raises(ValueError, match=r"SKILL\.md"):
        zip_skill_directory(root / "scripts")


def test_skill_version_download_verifies_the_archive(tmp_path: Path, instant: RetryPolicy) -> None:
    data = b"zip bytes"
    good = sync_client(Recorder(download_answer(data, version_json(data))), instant)
    good.skills.versions.download_to("skill_1", "2", tmp_path / "v2.zip")
    assert (tmp_path / "v2.zip").read_bytes() == data
    bad = sync_client(Recorder(download_answer(data, version_json(data, sha256="0" * 64))), instant)
    with pytest.raises(DownloadVerificationError):
        bad.skills.versions.download_to("skill_1", "2", tmp_path / "bad.zip")
    assert not (tmp_path / "bad.zip").exists()
    assert leftovers(tmp_path) == []


async def test_async_upload_and_download(big: Path, tmp_path: Path, instant: RetryPolicy) -> None:
    data = await anyio.Path(big).read_bytes()
    progress: list[tuple[int, int | None]] = []

    def answer(request: httpx.Request, body: bytes) -> httpx.Response:
        if request.method == "POST":
            return httpx.Response(200, json=file_json(data))
        return download_answer(data, file_json(data))(request, body)

    transport = Recorder(answer, progress)
    async with async_client(transport, instant) as client:
        await client.files.upload_path(big, on_progress=lambda *a: progress.append(a))
        assert progress[-1] == (len(data), len(data))
        assert [seen for _, seen in transport.chunks[1:-1]] == list(range(1, 7))
        await client.files.download_to("file_1", tmp_path / "copy.bin")
    request, body = transport.requests[0]
    assert file_part(request, body)[0]["file"][2] == data
    assert await anyio.Path(tmp_path / "copy.bin").read_bytes() == data


async def test_async_skill_helpers(tmp_path: Path, instant: RetryPolicy) -> None:
    data = b"zip"
    answers: Iterator[httpx.Response] = iter(
        [httpx.Response(200, json=SKILL), httpx.Response(200, json=version_json(data))]
    )
    transport = Recorder(lambda req, body: next(answers))
    async with async_client(transport, instant) as client:
        await client.skills.create_from_path(skill_dir(tmp_path))
        await client.skills.versions.create_from_path("skill_1", skill_dir(tmp_path / "again"))
    assert [r.url.path for r, _ in transport.requests] == ["/v1/skills", "/v1/skills/skill_1/versions"]
    assert "display_title" not in file_part(*transport.requests[0])[0]
