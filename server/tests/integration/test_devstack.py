"""The embedded service stack: each service answers a real client, state survives a restart."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import ssl
import stat
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import asyncpg
import boto3
import nats
import psutil
import psycopg
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError
from mango_server.devstack import DevStack, FreshDatabase, Migrate, ServiceStartError
from mango_server.devstack import _nats as nats_service
from mango_server.devstack._ports import resolve_ports
from mango_server.live.notifier import NatsNotifier, committed_subject
from nats.aio.msg import Msg
from temporalio.api.workflowservice.v1 import DescribeNamespaceRequest, ListNamespacesRequest
from temporalio.client import Client

pytest_plugins = ["mango_server.devstack.pytest_plugin"]

pytestmark = pytest.mark.integration

log = logging.getLogger(__name__)

_SETTINGS = (
    "MANGO_DATABASE_URL",
    "MANGO_TEMPORAL_ADDRESS",
    "MANGO_TEMPORAL_NAMESPACE",
    "MANGO_NATS_URL",
    "MANGO_S3_ENDPOINT_URL",
    "MANGO_S3_BUCKET",
    "MANGO_S3_ACCESS_KEY_ID",
    "MANGO_S3_SECRET_ACCESS_KEY",
    "MANGO_S3_REGION",
    "MANGO_KEYRING_FILE",
)


@pytest.fixture(scope="session")
def mango_migrate() -> Migrate:
    def migrate(database_url: str) -> None:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute("CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)")
            conn.execute("INSERT INTO notes (body) VALUES ('from the template')")

    return migrate


def _s3(env: dict[str, str]) -> Any:
    return boto3.client(
        "s3",
        endpoint_url=env["MANGO_S3_ENDPOINT_URL"],
        aws_access_key_id=env["MANGO_S3_ACCESS_KEY_ID"],
        aws_secret_access_key=env["MANGO_S3_SECRET_ACCESS_KEY"],
        region_name=env["MANGO_S3_REGION"],
        config=Config(s3={"addressing_style": "path"}),
    )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_env_lists_every_setting_on_loopback(mango_services: DevStack) -> None:
    env = mango_services.env()
    assert set(env) == set(_SETTINGS)
    for key in ("MANGO_DATABASE_URL", "MANGO_TEMPORAL_ADDRESS", "MANGO_NATS_URL", "MANGO_S3_ENDPOINT_URL"):
        assert "127.0.0.1:" in env[key], key
    assert env["MANGO_TEMPORAL_NAMESPACE"] == "default"
    assert f":{mango_services.postgres.password}@127.0.0.1:" in env["MANGO_DATABASE_URL"]
    assert env["MANGO_NATS_URL"].startswith(f"nats://{mango_services.nats.token}@127.0.0.1:")
    assert mango_services.startup_seconds is not None
    log.info("dev stack start-up seconds=%.2f", mango_services.startup_seconds)


async def test_postgres_answers(mango_services: DevStack) -> None:
    conn = await asyncpg.connect(mango_services.env()["MANGO_DATABASE_URL"])
    try:
        assert await conn.fetchval("select 1") == 1
        assert await conn.fetchval("select current_database()") == "mango"
        assert await conn.fetchval("select inet_server_addr()::text") == "127.0.0.1/32"
    finally:
        await conn.close()


async def test_temporal_serves_the_default_namespace(mango_services: DevStack) -> None:
    env = mango_services.env()
    client = await Client.connect(env["MANGO_TEMPORAL_ADDRESS"], namespace=env["MANGO_TEMPORAL_NAMESPACE"])
    described = await client.workflow_service.describe_namespace(DescribeNamespaceRequest(namespace="default"))
    assert described.namespace_info.name == "default"
    listed = await client.workflow_service.list_namespaces(ListNamespacesRequest())
    assert "default" in {n.namespace_info.name for n in listed.namespaces}


async def test_nats_publish_subscribe_roundtrip(mango_services: DevStack) -> None:
    nc = await nats.connect(mango_services.env()["MANGO_NATS_URL"])
    try:
        sub = await nc.subscribe("devstack.test")
        await nc.publish("devstack.test", b"hello")
        msg = await sub.next_msg(timeout=5)
        assert msg.data == b"hello"
    finally:
        await nc.close()


def test_postgres_refuses_a_login_without_the_password(mango_services: DevStack) -> None:
    port = mango_services.postgres.port
    for url in (f"postgresql://postgres@127.0.0.1:{port}/mango", f"postgresql://postgres:wrong@127.0.0.1:{port}/mango"):
        with pytest.raises(psycopg.OperationalError, match="password"):
            psycopg.connect(url, connect_timeout=5)
    with psycopg.connect(mango_services.database_url) as conn:
        methods = conn.execute("SELECT DISTINCT auth_method FROM pg_hba_file_rules").fetchall()
        stored = conn.execute("SELECT rolpassword FROM pg_authid WHERE rolname = 'postgres'").fetchone()
    assert methods == [("scram-sha-256",)]
    assert stored is not None
    assert str(stored[0]).startswith("SCRAM-SHA-256$")


def _nats_connect_reply(port: int, connect: dict[str, object]) -> bytes:
    # The raw protocol: nats-py leaves a half-closed transport behind when authorization fails.
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        assert sock.recv(4096).startswith(b"INFO")
        sock.sendall(b"CONNECT " + json.dumps({"verbose": False, **connect}).encode() + b"\r\nPING\r\n")
        return sock.recv(4096)


def test_nats_refuses_a_client_without_the_token(mango_services: DevStack) -> None:
    nats_handle = mango_services.nats
    for connect in ({}, {"auth_token": "wrong"}):
        assert b"Authorization Violation" in _nats_connect_reply(nats_handle.port, connect)
    assert _nats_connect_reply(nats_handle.port, {"auth_token": nats_handle.token}).startswith(b"PONG")
    assert nats_handle.token not in " ".join(psutil.Process(nats_handle.process.pid).cmdline())


async def test_the_notifier_connects_with_the_token_from_the_settings(mango_services: DevStack) -> None:
    notifier = await NatsNotifier.connect(mango_services.env()["MANGO_NATS_URL"])
    try:
        received: asyncio.Queue[bytes] = asyncio.Queue()

        async def on_message(msg: Msg) -> None:
            await received.put(msg.data)

        assert await notifier.subscribe(committed_subject("sesn_devstack"), on_message) is not None
        await notifier.committed("sesn_devstack")
        assert await asyncio.wait_for(received.get(), timeout=5) == b"1"
    finally:
        await notifier.close()


def test_s3_refuses_anonymous_and_unknown_keys(mango_services: DevStack) -> None:
    env = mango_services.env()
    _s3(env).put_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/private.txt", Body=b"private")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{env['MANGO_S3_ENDPOINT_URL']}/{env['MANGO_S3_BUCKET']}/devstack/private.txt")
    assert refused.value.code == 403
    forged = env | {"MANGO_S3_ACCESS_KEY_ID": "mango-dev", "MANGO_S3_SECRET_ACCESS_KEY": "mango-dev-secret"}
    with pytest.raises(ClientError, match="InvalidAccessKeyId"):
        _s3(forged).get_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/private.txt")


_SEAWEED_HTTP = ("seaweed_master", "seaweed_volume", "seaweed_filer", "seaweed_admin")
_SEAWEED_GRPC = ("s3_grpc", "seaweed_master_grpc", "seaweed_volume_grpc", "seaweed_filer_grpc", "seaweed_admin_grpc")
_H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"  # + empty SETTINGS


def _raw_http(url: str, method: str, body: bytes | None = None, context: ssl.SSLContext | None = None) -> int:
    request = urllib.request.Request(url, method=method, data=body)
    try:
        with urllib.request.urlopen(request, timeout=5, context=context) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def _tls_without_certificate(port: int) -> None:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2", "http/1.1"])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock, context.wrap_socket(sock) as tls:
        # TLS 1.3 completes the handshake before the server checks the (missing) client certificate.
        tls.sendall(_H2_PREFACE)
        tls.recv(100)


def _plaintext_h2_reply(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(_H2_PREFACE)
        try:
            return sock.recv(100)
        except (ConnectionResetError, TimeoutError):
            return b""


def test_seaweedfs_internal_ports_refuse_clients_without_credentials(mango_services: DevStack) -> None:
    env = mango_services.env()
    s3 = mango_services.s3
    _s3(env).put_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/guarded.txt", Body=b"guarded bytes")
    ports = s3.aux_ports
    assert set(ports) >= {*_SEAWEED_HTTP, *_SEAWEED_GRPC}
    for name in _SEAWEED_HTTP:
        plain = f"http://127.0.0.1:{ports[name]}"
        # Reads, writes, the master's token issuing and its admin API: plain HTTP reaches none of them.
        for method, path, body in (
            ("GET", "/dir/assign", None),
            ("GET", "/col/delete?collection=mango", None),
            ("GET", "/buckets/mango/devstack/guarded.txt", None),
            ("POST", "/buckets/mango/devstack/forged.txt", b"forged"),
            ("POST", "/3,01637037d6", b"forged"),
        ):
            # 400: "Client sent an HTTP request to an HTTPS server."
            assert _raw_http(plain + path, method, body) == 400, (name, method, path)
        with pytest.raises(ssl.SSLError, match="CERTIFICATE_REQUIRED"):
            _tls_without_certificate(ports[name])
    for name in _SEAWEED_GRPC:
        assert _plaintext_h2_reply(ports[name]) == b"", name
        with pytest.raises(ssl.SSLError, match="CERTIFICATE_REQUIRED"):
            _tls_without_certificate(ports[name])
    # Holding the TLS identity is not enough for the filer and volume server: each wants a JWT.
    trusted = s3.tls_files.client_context()
    filer = s3.internal_url("seaweed_filer")
    assert _raw_http(f"{filer}/buckets/mango/devstack/guarded.txt", "GET", context=trusted) == 401
    assert _raw_http(f"{filer}/buckets/mango/devstack/forged.txt", "POST", b"forged", context=trusted) == 401
    assert _raw_http(f"{filer}/buckets/mango/devstack/guarded.txt", "DELETE", context=trusted) == 401
    volume = s3.internal_url("seaweed_volume")
    assert _raw_http(f"{volume}/1,01637037d6", "GET", context=trusted) == 401
    assert _raw_http(f"{volume}/1,01637037d6", "POST", b"forged", context=trusted) == 401
    # S3 still serves the object through its key pair.
    got = _s3(env).get_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/guarded.txt")
    assert got["Body"].read() == b"guarded bytes"
    secrets = (s3.secret_access_key, s3.tls_files.key.read_text())
    assert not any(secret in " ".join(psutil.Process(s3.process.pid).cmdline()) for secret in secrets)


def test_every_service_listens_on_loopback_only(mango_services: DevStack) -> None:
    # Temporal's dev server takes no credentials at all (docs/operations.md): loopback is its fence.
    handles = [mango_services.postgres, mango_services.temporal, mango_services.nats, mango_services.s3]
    for handle in handles:
        process = psutil.Process(handle.process.pid)
        tree = [process, *process.children(recursive=True)]
        listening = [c for p in tree for c in p.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN]
        assert listening, handle
        assert {c.laddr.ip for c in listening} == {"127.0.0.1"}, (handle.process.name, listening)


def test_s3_put_get(mango_services: DevStack) -> None:
    env = mango_services.env()
    s3 = _s3(env)
    s3.put_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/hello.txt", Body=b"hello s3")
    got = s3.get_object(Bucket=env["MANGO_S3_BUCKET"], Key="devstack/hello.txt")
    assert got["Body"].read() == b"hello s3"


@pytest.mark.parametrize("run", [1, 2])
async def test_fresh_database_is_a_private_clone_of_the_template(fresh_database: FreshDatabase, run: int) -> None:
    assert fresh_database.env()["MANGO_DATABASE_URL"] == fresh_database.dsn
    conn = await asyncpg.connect(fresh_database.dsn)
    try:
        assert await conn.fetchval("select current_database()") == fresh_database.name
        await conn.execute("INSERT INTO notes (body) VALUES ($1)", f"run {run}")
        # Each test sees the template's row plus its own, never another test's.
        assert await conn.fetch("SELECT body FROM notes ORDER BY id") == [
            ("from the template",),
            (f"run {run}",),
        ]
    finally:
        await conn.close()


def test_restart_reuses_state_and_ports(mango_state_dir: Path) -> None:
    tmp_path = mango_state_dir
    first = DevStack(tmp_path, ports="free", durable=False)
    with first:
        env = first.env()
        pids = [first.postgres.process.pid, first.temporal.process.pid, first.nats.process.pid, first.s3.process.pid]
        with psycopg.connect(env["MANGO_DATABASE_URL"], autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (v text)")
            conn.execute("INSERT INTO kept VALUES ('survives')")
        _s3(env).put_object(Bucket=env["MANGO_S3_BUCKET"], Key="kept", Body=b"kept")
    assert not first.running
    assert not any(_alive(pid) for pid in pids)

    with DevStack(tmp_path, ports="free", durable=False) as second:
        assert second.env() == env
        with pytest.raises(ServiceStartError, match="another dev stack is running"):
            DevStack(tmp_path, ports="free").start()
        with psycopg.connect(second.database_url) as conn:
            assert conn.execute("SELECT v FROM kept").fetchall() == [("survives",)]
        got = _s3(env).get_object(Bucket=env["MANGO_S3_BUCKET"], Key="kept")
        assert got["Body"].read() == b"kept"
    assert (tmp_path / "temporal" / "temporal.db").exists()
    assert stat.S_IMODE((tmp_path / "credentials.json").stat().st_mode) == 0o600
    for config in ("credentials.json", "nats.conf", "postgres/pg_hba.conf", "seaweedfs/tls/key.pem"):
        assert stat.S_IMODE((tmp_path / config).stat().st_mode) == 0o600, config

    # Lost credentials: new ones are generated and the existing cluster adopts the new password.
    (tmp_path / "credentials.json").unlink()
    with DevStack(tmp_path, ports="free", durable=False) as third:
        assert third.env()["MANGO_DATABASE_URL"] != env["MANGO_DATABASE_URL"]
        with psycopg.connect(third.database_url) as conn:
            assert conn.execute("SELECT v FROM kept").fetchall() == [("survives",)]
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            psycopg.connect(env["MANGO_DATABASE_URL"], connect_timeout=5)
        # New SeaweedFS keys and TLS identity read the objects written under the old ones.
        got = _s3(third.env()).get_object(Bucket=env["MANGO_S3_BUCKET"], Key="kept")
        assert got["Body"].read() == b"kept"


def test_a_taken_port_falls_back_to_a_free_one_and_is_remembered(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        (tmp_path / "ports.json").write_text(json.dumps({"nats": taken}))
        ports = resolve_ports(tmp_path, ["nats"], "default")
        assert ports["nats"] != taken
        with pytest.raises(RuntimeError, match="already in use"):
            resolve_ports(tmp_path, ["nats"], {"nats": taken})
    assert json.loads((tmp_path / "ports.json").read_text()) == ports
    assert resolve_ports(tmp_path, ["nats"], "free") == ports


def test_failed_start_reports_the_log_tail(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        with pytest.raises(ServiceStartError, match=r"(?s)nats exited with code.*address already in use"):
            nats_service.start(tmp_path, busy.getsockname()[1], token="t0ken", timeout=10)


def test_a_service_that_fails_to_start_takes_the_others_down(
    mango_state_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmp_path = mango_state_dir

    def broken(*args: object, **kwargs: object) -> object:
        raise ServiceStartError("nats refused to start")

    monkeypatch.setattr(nats_service, "start", broken)
    stack = DevStack(tmp_path, ports="free", durable=False)
    with pytest.raises(ServiceStartError, match=r"dev stack failed to start: nats; nats: nats refused"):
        stack.start()
    assert not stack.running
    leftovers = [
        p.info for p in psutil.process_iter(["pid", "cmdline"]) if str(tmp_path) in " ".join(p.info["cmdline"] or [])
    ]
    assert leftovers == []


async def test_stack_env_works_from_inside_an_event_loop(mango_services: DevStack) -> None:
    # DevStack.start() blocks; async callers run it in a thread. Its handles stay usable here.
    running = await asyncio.to_thread(lambda: mango_services.running)
    assert running
