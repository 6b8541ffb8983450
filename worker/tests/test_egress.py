"""The egress proxy on real sockets: a loopback HTTPS upstream with its own test CA, clients over a Unix socket.

Covers substitution (headers; bodies only when the credential allows it), refusal of hosts nobody
listed, of a placeholder sent to another host (the other server receives nothing), of private and
loopback addresses that the operator did not name with their port, and that no log record carries
a secret value.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import h11
import pytest
from mango_worker.egress import EgressProxy, IPAddress, ItemEgress
from mango_worker.egress_ca import EgressCA
from mango_worker.egress_policy import EgressPolicy, Substitution, new_placeholder, parse_allow

SECRET = "s3cr3t-value-that-must-not-leak"


@dataclass
class Upstream:
    """A loopback HTTPS server (its own CA) that records each request and echoes it back."""

    port: int
    ca_file: Path
    requests: list[tuple[bytes, list[tuple[bytes, bytes]], bytes]] = field(default_factory=list)


async def _serve_echo(upstream: Upstream, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    conn = h11.Connection(h11.SERVER)
    request: h11.Request | None = None
    body = b""
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            conn.receive_data(await reader.read(65536))
            continue
        if isinstance(event, h11.Request):
            request = event
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            break
    assert request is not None
    headers = [(bytes(n), bytes(v)) for n, v in request.headers]
    upstream.requests.append((bytes(request.target), headers, body))
    answer = b"\n".join(v for _, v in headers) + b"\n--\n" + body
    writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: %d\r\nconnection: close\r\n\r\n%s" % (len(answer), answer))
    await writer.drain()
    writer.close()


@pytest.fixture
async def upstream(tmp_path: Path) -> AsyncIterator[Upstream]:
    test_ca = EgressCA("upstream test CA")
    ca_file = tmp_path / "upstream-ca.pem"
    ca_file.write_text(test_ca.pem)
    holder: list[Upstream] = []
    context = test_ca.server_context("127.0.0.1")

    def by_name(sock: ssl.SSLObject, name: str | None, _: ssl.SSLContext) -> None:
        # Present a certificate for the name the client asked for (other.test in one test).
        if name:
            sock.context = test_ca.server_context(name)

    context.sni_callback = by_name  # type: ignore[assignment]
    server = await asyncio.start_server(lambda r, w: _serve_echo(holder[0], r, w), "127.0.0.1", 0, ssl=context)
    holder.append(Upstream(server.sockets[0].getsockname()[1], ca_file))
    async with server:
        yield holder[0]


@pytest.fixture
def ca() -> EgressCA:
    return EgressCA()


def substitution(hosts: tuple[str, ...], *, body: bool = False, name: str = "API_KEY") -> Substitution:
    return Substitution(name=name, placeholder=new_placeholder(), value=SECRET, hosts=hosts, header=True, body=body)


async def through(
    proxy: EgressProxy, tmp_path: Path, ca: EgressCA, connect: str | None, request: bytes
) -> tuple[int, bytes]:
    """Send ``request`` through the proxy's Unix socket (inside a CONNECT tunnel when ``connect`` is set)."""
    item = ItemEgress(proxy, root=str(tmp_path))
    await item.start()
    try:
        reader, writer = await asyncio.open_unix_connection(str(item.socket_path))
        try:
            return await _exchange(reader, writer, item, connect, request)
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
    finally:
        await item.close()


async def _exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, item: ItemEgress, connect: str | None, request: bytes
) -> tuple[int, bytes]:
    if connect is not None:
        writer.write(f"CONNECT {connect} HTTP/1.1\r\nHost: {connect}\r\n\r\n".encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split()[1])
        if status != 200:
            return status, head + await reader.read()
        trust = ssl.create_default_context(cafile=str(item.socket_dir / "ca-bundle.pem"))
        await writer.start_tls(trust, server_hostname=connect.rpartition(":")[0])
    writer.write(request)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 20)
    return int(answer.split()[1]), answer


def get(host: str, *, target: str = "/v1/things", headers: str = "", body: bytes = b"") -> bytes:
    length = f"Content-Length: {len(body)}\r\n" if body else ""
    method = "POST" if body else "GET"
    return f"{method} {target} HTTP/1.1\r\nHost: {host}\r\n{headers}{length}\r\n".encode() + body


async def test_an_allowed_https_host_receives_the_real_value_in_headers(
    upstream: Upstream, ca: EgressCA, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret = substitution(("127.0.0.1",))
    policy = EgressPolicy(allow=(parse_allow(f"127.0.0.1:{upstream.port}"),), substitutions=(secret,))
    proxy = EgressProxy(policy, ca, upstream_ca_file=str(upstream.ca_file))
    caplog.set_level(logging.INFO)
    request = get(
        "127.0.0.1", headers=f"Authorization: Bearer {secret.placeholder}\r\n", body=secret.placeholder.encode()
    )
    status, answer = await through(proxy, tmp_path, ca, f"127.0.0.1:{upstream.port}", request)
    assert status == 200, answer
    [(_target, headers, body)] = upstream.requests
    assert (b"authorization", f"Bearer {SECRET}".encode()) in headers
    # Bodies keep the placeholder unless the credential allows body substitution.
    assert body == secret.placeholder.encode()
    assert SECRET not in caplog.text
    assert "substituted=API_KEY" in caplog.text


async def test_bodies_are_substituted_only_when_the_credential_allows_it(
    upstream: Upstream, ca: EgressCA, tmp_path: Path
) -> None:
    secret = substitution(("127.0.0.1",), body=True)
    policy = EgressPolicy(allow=(parse_allow(f"127.0.0.1:{upstream.port}"),), substitutions=(secret,))
    proxy = EgressProxy(policy, ca, upstream_ca_file=str(upstream.ca_file))
    payload = b'{"key": "' + secret.placeholder.encode() + b'"}'
    status, _ = await through(proxy, tmp_path, ca, f"127.0.0.1:{upstream.port}", get("127.0.0.1", body=payload))
    assert status == 200
    assert upstream.requests[0][2] == b'{"key": "' + SECRET.encode() + b'"}'


async def test_a_placeholder_sent_to_another_host_is_refused_before_anything_reaches_it(
    upstream: Upstream, ca: EgressCA, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    secret = substitution(("api.example.com",))

    async def resolve(host: str, port: int) -> list[IPAddress]:
        return [ipaddress.ip_address("127.0.0.1")] if host == "other.test" else []

    allow = (parse_allow(f"127.0.0.1:{upstream.port}"), parse_allow(f"other.test:{upstream.port}"))
    proxy = EgressProxy(
        EgressPolicy(allow=allow, substitutions=(secret,)), ca, upstream_ca_file=str(upstream.ca_file), resolver=resolve
    )
    caplog.set_level(logging.INFO)
    for request in (
        get("other.test", headers=f"X-Key: {secret.placeholder}\r\n"),
        get("other.test", body=secret.placeholder.encode()),
        get("other.test", target=f"/?k={secret.placeholder}"),
    ):
        status, answer = await through(proxy, tmp_path, ca, f"other.test:{upstream.port}", request)
        assert status == 403, answer
        assert b"placeholder of API_KEY" in answer
    # Without the placeholder the same host is reachable: the refusal was the leak, not the host.
    status, _ = await through(proxy, tmp_path, ca, f"other.test:{upstream.port}", get("other.test"))
    assert status == 200
    assert len(upstream.requests) == 1
    assert SECRET not in caplog.text
    assert "egress refused" in caplog.text


async def test_hosts_nobody_listed_and_plain_http_to_them_are_refused(ca: EgressCA, tmp_path: Path) -> None:
    proxy = EgressProxy(EgressPolicy(substitutions=(substitution(("api.example.com",)),)), ca)
    status, answer = await through(proxy, tmp_path, ca, "elsewhere.example.org:443", b"")
    assert status == 403
    assert b"not an allowed destination" in answer
    status, answer = await through(
        proxy, tmp_path, ca, None, b"GET http://elsewhere.example.org/ HTTP/1.1\r\nHost: elsewhere.example.org\r\n\r\n"
    )
    assert status == 403
    # A listed host on a port other than 80/443 is refused too.
    status, _ = await through(proxy, tmp_path, ca, "api.example.com:8443", b"")
    assert status == 403


async def test_private_and_loopback_addresses_are_refused_unless_named_with_their_port(
    upstream: Upstream, ca: EgressCA, tmp_path: Path
) -> None:
    async def resolve(host: str, port: int) -> list[IPAddress]:
        table = {"internal.example.com": "10.1.2.3", "meta.example.com": "169.254.169.254"}
        return [ipaddress.ip_address(table.get(host, host))]

    secret = substitution(("internal.example.com", "meta.example.com", "127.0.0.1"))
    policy = EgressPolicy(allow=(parse_allow(f"127.0.0.1:{upstream.port}"),), substitutions=(secret,))
    proxy = EgressProxy(policy, ca, upstream_ca_file=str(upstream.ca_file), resolver=resolve)
    for target, reason in (
        ("internal.example.com:443", b"private address"),
        ("meta.example.com:443", b"metadata address"),
        ("127.0.0.1:443", b"loopback address"),  # a credential's host, but not the operator's port
        ("127.0.0.1:5432", b"not an allowed destination"),  # a control-plane port
    ):
        status, answer = await through(proxy, tmp_path, ca, target, b"")
        assert status == 403, (target, answer)
        assert reason in answer, (target, answer)
    assert upstream.requests == []


async def test_an_upstream_whose_certificate_does_not_verify_is_a_502(
    upstream: Upstream, ca: EgressCA, tmp_path: Path
) -> None:
    policy = EgressPolicy(allow=(parse_allow(f"127.0.0.1:{upstream.port}"),))
    proxy = EgressProxy(policy, ca)  # the upstream's test CA is not given
    status, answer = await through(proxy, tmp_path, ca, f"127.0.0.1:{upstream.port}", get("127.0.0.1"))
    assert status == 502
    assert b"did not verify" in answer


def test_allow_entries_parse_hosts_wildcards_and_ports() -> None:
    assert parse_allow("API.Example.com.") == parse_allow("api.example.com")
    entry = parse_allow("127.0.0.1:8443")
    assert entry.port == 8443
    assert entry.exact_address == ipaddress.ip_address("127.0.0.1")
    assert parse_allow("*.example.com").admits("a.example.com", 443)
    assert not parse_allow("*.example.com").admits("example.com", 443)
    assert not parse_allow("api.example.com").admits("api.example.com", 8080)
    assert parse_allow("[::1]:9000").port == 9000
    for bad in ("", "host:0", "host:99999", "a/b"):
        with pytest.raises(ValueError, match="--egress-allow"):
            parse_allow(bad)


def test_a_substitution_never_shows_its_value() -> None:
    secret = Substitution.from_wire(
        {
            "secret_name": "API_KEY",
            "secret_value": SECRET,
            "allowed_hosts": ["API.example.com"],
            "injection_location": {"header": True, "body": True},
        }
    )
    assert SECRET not in repr(secret)
    assert secret.placeholder.startswith("mango-secret-")
    assert secret.allows("api.example.com")
    assert secret.body
