"""Files on the real components (PostgreSQL and SeaweedFS): streamed upload and download, bounds,
paging, deletion, Workspace isolation, document snapshots and recovery of abandoned uploads."""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import asyncpg
import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant
from mango_server.devstack._ports import free_port

from ._client import client, history, new_session, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]


def upload(http: httpx.Client, data: bytes, name: str = "notes.txt", mime: str = "text/plain") -> httpx.Response:
    return http.post("/v1/files", files={"file": (name, data, mime)})


def test_upload_and_download_round_trip(mango_platform: Platform, mango_tenant: Tenant) -> None:
    data = os.urandom(9 * 1024 * 1024 + 17)  # more than one 8 MiB part: a multipart upload
    with client(mango_platform, mango_tenant) as http:
        answer = upload(http, data, "blob.bin", "application/octet-stream")
        assert answer.status_code == 200, answer.text
        meta = answer.json()
        assert meta["type"] == "file"
        assert meta["id"].startswith("file_")
        assert meta["filename"] == "blob.bin"
        assert meta["size_bytes"] == len(data)
        assert meta["sha256"] == hashlib.sha256(data).hexdigest()
        assert http.get(f"/v1/files/{meta['id']}").json() == meta
        content = http.get(f"/v1/files/{meta['id']}/content")
        assert content.status_code == 200
        assert content.headers["content-type"] == "application/octet-stream"
        assert content.headers["content-length"] == str(len(data))
        assert hashlib.sha256(content.content).hexdigest() == meta["sha256"]


def test_small_and_empty_files(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        empty = upload(http, b"", "empty.txt").json()
        assert empty["size_bytes"] == 0
        assert http.get(f"/v1/files/{empty['id']}/content").content == b""
        small = upload(http, "héllo".encode(), "héllo.txt").json()
        assert small["filename"] == "héllo.txt"
        assert small["mime_type"] == "text/plain"
        assert http.get(f"/v1/files/{small['id']}/content").content == "héllo".encode()


def test_upload_needs_a_file_part(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        wrong = http.post("/v1/files", files={"other": ("x.txt", b"x", "text/plain")})
        assert wrong.status_code == 400
        assert "file" in wrong.json()["error"]["message"]
        not_multipart = http.post("/v1/files", content=b"x", headers={"content-type": "text/plain"})
        assert not_multipart.status_code == 400


def test_list_pages_both_ways_and_delete(mango_platform: Platform) -> None:
    tenant = mango_platform.create_tenant("files-list")
    with client(mango_platform, tenant) as http:
        ids = [upload(http, f"file {i}".encode(), f"f{i}.txt").json()["id"] for i in range(5)]
        first = http.get("/v1/files", params={"limit": 2}).json()
        assert [f["id"] for f in first["data"]] == ids[::-1][:2]
        assert first["prev_page"] is None
        second = http.get("/v1/files", params={"limit": 2, "page": first["next_page"]}).json()
        assert [f["id"] for f in second["data"]] == ids[::-1][2:4]
        back = http.get("/v1/files", params={"limit": 2, "page": second["prev_page"]}).json()
        assert [f["id"] for f in back["data"]] == ids[::-1][:2]
        deleted = http.delete(f"/v1/files/{ids[0]}")
        assert deleted.json() == {"type": "file_deleted", "id": ids[0]}
        assert http.get(f"/v1/files/{ids[0]}").status_code == 404
        assert http.get(f"/v1/files/{ids[0]}/content").status_code == 404
        assert http.delete(f"/v1/files/{ids[0]}").status_code == 404
        remaining = http.get("/v1/files", params={"limit": 100}).json()["data"]
        assert ids[0] not in [f["id"] for f in remaining]


def test_other_workspace_sees_nothing(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        file_id = upload(http, b"private").json()["id"]
        assert other.get(f"/v1/files/{file_id}").status_code == 404
        assert other.get(f"/v1/files/{file_id}/content").status_code == 404
        assert other.delete(f"/v1/files/{file_id}").status_code == 404
        assert file_id not in [f["id"] for f in other.get("/v1/files").json()["data"]]
        assert http.get(f"/v1/files/{file_id}").status_code == 200


def _document(file_id: str) -> dict[str, object]:
    return {
        "type": "user.message",
        "content": [
            {"type": "text", "text": "Summarise the attached notes."},
            {"type": "document", "source": {"type": "file", "file_id": file_id}, "title": "notes"},
        ],
    }


def test_document_snapshot_survives_file_deletion(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        file_id = upload(http, b"The launch moved to Tuesday.").json()["id"]
        sid = new_session(http, "docs")
        sent = http.post(f"/v1/sessions/{sid}/events", json={"events": [_document(file_id)]})
        assert sent.status_code == 200, sent.text
        assert http.delete(f"/v1/files/{file_id}").status_code == 200
        wait_status(http, sid, "end_turn")
        message = next(e for e in history(http, sid) if e["type"] == "user.message")
        assert message["content"][1]["source"] == {"type": "file", "file_id": file_id}
    transcript = asyncio.run(_transcript_blocks(mango_platform.database_url, sid))
    assert {"type": "text", "media_type": "text/plain", "data": "The launch moved to Tuesday."} in [
        b.get("source") for b in transcript
    ]


async def _transcript_blocks(database_url: str, session_id: str) -> list[dict[str, object]]:
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch(
            "SELECT blocks::text FROM provider_transcript WHERE session_id = $1 AND role = 'user'", session_id
        )
    finally:
        await conn.close()
    import json

    return [block for row in rows for block in json.loads(row[0])]


def test_non_utf8_and_unknown_document_files_are_refused(
    mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        binary = upload(http, b"\xff\xfe\x00binary", "x.bin", "application/octet-stream").json()["id"]
        foreign = upload(other, b"other workspace").json()["id"]
        sid = new_session(http, "docs-bad")
        refused = http.post(f"/v1/sessions/{sid}/events", json={"events": [_document(binary)]})
        assert refused.status_code == 400
        assert "is not a PDF or UTF-8 text" in refused.json()["error"]["message"]
        missing = http.post(f"/v1/sessions/{sid}/events", json={"events": [_document(foreign)]})
        assert missing.status_code == 400
        assert "not found" in missing.json()["error"]["message"]
        assert history(http, sid) == []


@pytest.fixture
def small_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own with a small upload bound and short upload leases."""
    running = Platform(mango_services, tmp_path_factory.mktemp("files-small"))
    running.extra_env = {
        "MANGO_FILES_MAX_BYTES": "4096",
        "MANGO_UPLOAD_LEASE_SECONDS": "2",
        "MANGO_UPLOAD_RECOVERY_SECONDS": "0.5",
    }
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_upload_over_the_bound_is_413_and_leaves_nothing(small_platform: Platform) -> None:
    tenant = small_platform.create_tenant("bound")
    with client(small_platform, tenant) as http:
        too_big = upload(http, b"x" * 5000)
        assert too_big.status_code == 413
        assert too_big.json()["error"]["type"] == "request_too_large"
        assert upload(http, b"x" * 4096).status_code == 200
        assert len(http.get("/v1/files").json()["data"]) == 1
    assert asyncio.run(_count(small_platform.database_url, "blob_guards")) == 0


async def _count(database_url: str, table: str) -> int:
    conn = await asyncpg.connect(database_url)
    try:
        return int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
    finally:
        await conn.close()


def _start_second_api(platform: Platform) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**platform.env(), "MANGO_API_PORT": str(port)}
    with (platform.log_dir / "api-2.log").open("ab") as log:
        proc = subprocess.Popen([sys.executable, "-m", "mango_server", "api"], env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/v1/readiness", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise AssertionError("second api never became ready")


def test_recovery_spares_live_uploads_and_removes_abandoned_ones(
    mango_services: DevStack, small_platform: Platform
) -> None:
    """Two api processes: a slow upload on one outlives the other's recovery passes; an upload whose
    process was killed is removed by the survivor's recovery once its lease expired."""
    tenant = small_platform.create_tenant("recovery")
    second, second_url = _start_second_api(small_platform)
    try:
        live = _slow_upload(small_platform.base_url, tenant, seconds=5)  # > 2 s lease: must be renewed
        assert live.status_code == 200, live.text
        assert live.json()["size_bytes"] == 20
        with client(small_platform, tenant) as http:
            assert http.get(f"/v1/files/{live.json()['id']}/content").content == b"y" * 20

        started = threading.Event()
        thread = threading.Thread(
            target=_slow_upload, args=(second_url, tenant), kwargs={"seconds": 30, "started": started}, daemon=True
        )
        thread.start()
        assert started.wait(10)
        deadline = time.monotonic() + 10
        while asyncio.run(_count(small_platform.database_url, "blob_guards")) == 0:
            assert time.monotonic() < deadline, "the upload never took its lease"
            time.sleep(0.1)
        second.kill()
        second.wait(10)
        deadline = time.monotonic() + 20
        while asyncio.run(_count(small_platform.database_url, "blob_guards")) != 0:
            assert time.monotonic() < deadline, "the abandoned upload was never recovered"
            time.sleep(0.2)
        assert asyncio.run(_count(small_platform.database_url, "files")) == 1
        assert _objects(mango_services, tenant.workspace_id) == 1
    finally:
        if second.poll() is None:
            second.kill()
            second.wait(10)


def _slow_upload(
    base_url: str, tenant: Tenant, *, seconds: float, started: threading.Event | None = None
) -> httpx.Response:
    boundary = "mangoboundary"

    def body() -> Iterator[bytes]:
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n'
            "Content-Type: text/plain\r\n\r\n"
        ).encode()
        if started is not None:
            started.set()
        for _ in range(20):
            yield b"y"
            time.sleep(seconds / 20)
        yield f"\r\n--{boundary}--\r\n".encode()

    try:
        return httpx.post(
            f"{base_url}/v1/files",
            content=body(),
            headers={
                "authorization": f"Bearer {tenant.api_key}",
                "content-type": f"multipart/form-data; boundary={boundary}",
            },
            timeout=60,
        )
    except httpx.HTTPError as exc:
        return httpx.Response(599, text=str(exc))


def _objects(stack: DevStack, workspace_id: str) -> int:
    from mango_server.devstack._seaweedfs import s3_client

    s3 = s3_client(stack.s3)
    listed = s3.list_objects_v2(Bucket=stack.s3.bucket, Prefix=f"ws/{workspace_id}/")
    return int(listed.get("KeyCount", 0))
