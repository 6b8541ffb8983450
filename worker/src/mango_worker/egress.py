"""The egress proxy: the only way out for the tools of an item container under ``--tool-network proxy``.

The supervisor runs one :class:`EgressProxy` per item container, in its own event loop, listening
on a Unix socket in a directory of its own (:class:`ItemEgress`) that is bind-mounted read-only
into that container at ``/run/mango-egress`` with the CA bundle the container trusts. Inside the
container the item runner relays ``127.0.0.1:<port>`` to that socket (:mod:`mango_worker.egress_relay`)
and ``HTTP_PROXY`` / ``HTTPS_PROXY`` point there; the container itself keeps ``--network none``.

Per connection the proxy reads one HTTP/1.1 request (``h11`` parses it):

- ``CONNECT host:port`` (HTTPS): the destination is checked (:class:`~mango_worker.egress_policy.EgressPolicy`),
  the proxy answers ``200``, terminates TLS with a leaf certificate of the per-worker CA
  (:class:`~mango_worker.egress_ca.EgressCA`), reads the request inside and re-originates it over
  TLS to the real host, verifying the host's certificate normally (system roots, plus an operator
  CA file when given);
- an absolute-form ``http://`` request: the same checks, forwarded in plain HTTP.

Before forwarding, a request that carries a secret's placeholder (in its target, a header or its
body) to a host that secret may not go to is refused; then, for the secrets whose hosts include
the destination, the placeholder is replaced by the real value in header values and, when the
credential allows it, in the body. Every refusal is a ``403`` with a plain-text reason and a log
record (``egress.refused``) that name the host, the port and at most a secret's variable name,
never a value. Each forwarded request closes its connection after the response (``Connection:
close``), so the response is relayed as bytes without being parsed. Request bodies are buffered,
up to ``max_body`` bytes (larger ones are ``413``), so a placeholder split across reads is found.

Not responsible for: the rules (:mod:`mango_worker.egress_policy`), obtaining the secrets (the
supervisor) or the relay inside the container.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import shutil
import socket
import ssl
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

import h11

from .egress_ca import EgressCA
from .egress_policy import EgressPolicy, EgressRefused, IPAddress, normal_host

__all__ = [
    "EGRESS_BUNDLE_NAME",
    "EGRESS_SOCKET_NAME",
    "EgressProxy",
    "ItemEgress",
    "Resolver",
    "system_resolver",
]

log = logging.getLogger(__name__)

EGRESS_SOCKET_NAME = "egress.sock"
EGRESS_BUNDLE_NAME = "ca-bundle.pem"
MAX_HEAD = 64 * 1024
DEFAULT_MAX_BODY = 16 * 1024 * 1024
CONNECT_TIMEOUT = 10.0
HEAD_TIMEOUT = 30.0
_CHUNK = 65536
# Hop-by-hop headers and the proxy's own: never forwarded upstream.
_DROPPED = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-authorization",
        b"proxy-connection",
        b"te",
        b"trailer",
        b"transfer-encoding",
        b"upgrade",
        b"content-length",
    }
)

Resolver = Callable[[str, int], Awaitable[list[IPAddress]]]


async def system_resolver(host: str, port: int) -> list[IPAddress]:
    """The addresses ``host`` resolves to (an IP literal is itself)."""
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return []
    return [ipaddress.ip_address(info[4][0]) for info in infos]


class _Refusal(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class EgressProxy:
    """Serves the connections of one item container; see the module docstring."""

    def __init__(
        self,
        policy: EgressPolicy,
        ca: EgressCA,
        *,
        upstream_ca_file: str | None = None,
        resolver: Resolver = system_resolver,
        max_body: int = DEFAULT_MAX_BODY,
        connect_timeout: float = CONNECT_TIMEOUT,
        label: str = "",
    ) -> None:
        """Args:
        policy: The item's destinations and secrets.
        ca: The per-worker CA whose leaf certificates the container trusts.
        upstream_ca_file: An extra CA file trusted for upstream servers (the system roots stay).
        resolver: Resolves a host to addresses (tests inject one).
        max_body: The largest request body buffered (larger: 413).
        connect_timeout: Seconds to connect (and finish TLS) to an upstream server.
        label: Names the item in log records (its Work id).
        """
        self.policy = policy
        self.ca = ca
        self.resolver = resolver
        self.max_body = max_body
        self.connect_timeout = connect_timeout
        self.label = label
        self.upstream_tls = ssl.create_default_context(cafile=None)
        if upstream_ca_file is not None:
            self.upstream_tls.load_verify_locations(cafile=upstream_ca_file)
        self.upstream_tls.set_alpn_protocols(["http/1.1"])

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one client connection: one request (or one CONNECT tunnel carrying one request)."""
        host, port = "-", 0
        try:
            conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
            request = await asyncio.wait_for(_next_request(conn, reader), HEAD_TIMEOUT)
            if request.method == b"CONNECT":
                host, port = _authority(request.target.decode("ascii", "replace"), default_port=443)
                addresses = await self._admit(host, port)
                writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                await writer.drain()
                await writer.start_tls(self.ca.server_context(host))
                inner = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)
                request = await asyncio.wait_for(_next_request(inner, reader), HEAD_TIMEOUT)
                await self._forward(inner, request, reader, writer, host, port, addresses, tls=True)
            else:
                host, port, target = _absolute(request.target.decode("ascii", "replace"))
                addresses = await self._admit(host, port)
                request = h11.Request(method=request.method, target=target, headers=request.headers)
                await self._forward(conn, request, reader, writer, host, port, addresses, tls=False)
        except _Refusal as refusal:
            self._refuse(writer, host, port, refusal)
        except (h11.RemoteProtocolError, UnicodeError, ValueError) as exc:
            self._refuse(writer, host, port, _Refusal(400, f"not a proxy request ({type(exc).__name__})"))
        except (TimeoutError, ConnectionError, ssl.SSLError, OSError):
            pass  # the client went away or never finished its request: nothing to answer
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    async def _admit(self, host: str, port: int) -> list[IPAddress]:
        try:
            self.policy.check_target(host, port)
            return self.policy.check_addresses(host, port, await self.resolver(host, port))
        except EgressRefused as exc:
            raise _Refusal(403, str(exc)) from None

    async def _forward(
        self,
        conn: h11.Connection,
        request: h11.Request,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        host: str,
        port: int,
        addresses: list[IPAddress],
        *,
        tls: bool,
    ) -> None:
        body = await self._body(conn, reader)
        headers = [(name.lower(), value) for name, value in request.headers]
        seen = b"\n".join([request.target, *(value for _, value in headers), body])
        leaked = self.policy.leaked(host, seen)
        if leaked is not None:
            raise _Refusal(403, f"the placeholder of {leaked.name} may not be sent to {host}")
        substituted: list[str] = []
        for secret in self.policy.for_host(host):
            placeholder, value = secret.placeholder.encode(), secret.value.encode()
            used = False
            if secret.header and placeholder in b"\n".join(v for _, v in headers):
                headers = [(n, v.replace(placeholder, value)) for n, v in headers]
                used = True
            if secret.body and placeholder in body:
                body = body.replace(placeholder, value)
                used = True
            if used:
                substituted.append(secret.name)
        forwarded = [(n, v) for n, v in headers if n not in _DROPPED]
        if body or request.method not in (b"GET", b"HEAD", b"DELETE", b"OPTIONS"):
            forwarded.append((b"content-length", str(len(body)).encode()))
        forwarded.append((b"connection", b"close"))
        client = h11.Connection(h11.CLIENT)
        outgoing = client.send(h11.Request(method=request.method, target=request.target, headers=forwarded)) or b""
        if body:
            outgoing += client.send(h11.Data(data=body)) or b""
        outgoing += client.send(h11.EndOfMessage()) or b""
        del body, headers, forwarded  # the substituted values live no longer than needed
        up_reader, up_writer = await self._connect(host, port, addresses, tls=tls)
        log.info(
            "egress forwarded item=%s host=%s port=%s method=%s substituted=%s",
            self.label,
            host,
            port,
            request.method.decode("ascii", "replace"),
            ",".join(substituted) or "-",
            extra={"action": "egress.forwarded"},
        )
        try:
            up_writer.write(outgoing)
            del outgoing
            await up_writer.drain()
            while chunk := await up_reader.read(_CHUNK):
                writer.write(chunk)
                await writer.drain()
        finally:
            with contextlib.suppress(Exception):
                up_writer.close()

    async def _body(self, conn: h11.Connection, reader: asyncio.StreamReader) -> bytes:
        parts: list[bytes] = []
        size = 0
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                data = await asyncio.wait_for(reader.read(_CHUNK), HEAD_TIMEOUT)
                conn.receive_data(data)
                continue
            if isinstance(event, h11.Data):
                size += len(event.data)
                if size > self.max_body:
                    raise _Refusal(413, f"request bodies through the proxy are limited to {self.max_body} bytes")
                parts.append(bytes(event.data))
                continue
            if isinstance(event, h11.EndOfMessage):
                return b"".join(parts)
            raise _Refusal(400, "the request ended early")

    async def _connect(
        self, host: str, port: int, addresses: list[IPAddress], *, tls: bool
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        # Connect to the checked addresses themselves: a second DNS answer cannot rebind the request.
        failure = "unreachable"
        for ip in addresses:
            try:
                return await asyncio.wait_for(
                    asyncio.open_connection(
                        str(ip),
                        port,
                        ssl=self.upstream_tls if tls else None,
                        server_hostname=host if tls else None,
                    ),
                    self.connect_timeout,
                )
            except ssl.SSLCertVerificationError:
                failure = "its TLS certificate did not verify"
            except (OSError, TimeoutError):
                failure = "unreachable"
        raise _Refusal(502, f"{host}:{port} is {failure}" if failure == "unreachable" else f"{host}:{port}: {failure}")

    def _refuse(self, writer: asyncio.StreamWriter, host: str, port: int, refusal: _Refusal) -> None:
        log.warning(
            "egress refused item=%s host=%s port=%s status=%s reason=%s",
            self.label,
            host,
            port,
            refusal.status,
            refusal.reason,
            extra={"action": "egress.refused"},
        )
        text = f"Mango egress proxy refused this request: {refusal.reason}\n".encode()
        phrase = {400: b"Bad Request", 403: b"Forbidden", 413: b"Content Too Large", 502: b"Bad Gateway"}
        head = (
            b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n"
        )
        with contextlib.suppress(Exception):
            writer.write(head % (refusal.status, phrase.get(refusal.status, b"Error"), len(text)) + text)


async def _next_request(conn: h11.Connection, reader: asyncio.StreamReader) -> h11.Request:
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            data = await reader.read(_CHUNK)
            conn.receive_data(data)
            continue
        if isinstance(event, h11.Request):
            return event
        raise _Refusal(400, "no request")


def _authority(text: str, *, default_port: int) -> tuple[str, int]:
    parts = urlsplit(f"//{text}")
    host = normal_host(parts.hostname or "")
    if not host:
        raise _Refusal(400, "the request names no host")
    return host, parts.port or default_port


def _absolute(target: str) -> tuple[str, int, bytes]:
    """Host, port and origin-form target of an absolute-form ``http://`` request target."""
    parts = urlsplit(target)
    if parts.scheme.lower() != "http":
        raise _Refusal(400, "only absolute http:// targets and CONNECT are proxied")
    if parts.username is not None or parts.password is not None:
        raise _Refusal(403, "URLs with credentials are not proxied")
    host, port = _authority(parts.netloc.rpartition("@")[2], default_port=80)
    origin = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return host, port, origin.encode("ascii")


class ItemEgress:
    """One item container's proxy: its socket directory (with the CA bundle) and its listening server.

    The directory is created like the forwarder's (only root and the container uid may enter it
    when the supervisor runs as root) and mounted read-only into the container at
    ``/run/mango-egress``. :meth:`close` stops the server and removes the directory.
    """

    def __init__(self, proxy: EgressProxy, *, root: str | None = None) -> None:
        self.proxy = proxy
        self.socket_dir = Path(tempfile.mkdtemp(prefix="mango-egress-", dir=root)).resolve()
        self._server: asyncio.AbstractServer | None = None

    @property
    def socket_path(self) -> Path:
        return self.socket_dir / EGRESS_SOCKET_NAME

    async def start(self) -> None:
        """Write the CA bundle and start listening."""
        from .forwarder import _share_with_container

        bundle = self.socket_dir / EGRESS_BUNDLE_NAME
        bundle.write_text(self.proxy.ca.bundle(), encoding="utf-8")
        bundle.chmod(0o644)
        self._server = await asyncio.start_unix_server(self.proxy.handle, path=str(self.socket_path))
        _share_with_container(self.socket_dir, self.socket_path)

    async def close(self) -> None:
        """Stop listening and remove the directory."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 5)
        shutil.rmtree(self.socket_dir, ignore_errors=True)
