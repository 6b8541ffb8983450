"""The egress guard refuses every non-public address class by default and admits only allowlisted networks."""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
from mango_server.tools import egress
from mango_server.tools.egress import EgressPolicy, EgressRefused, ResponseTooLarge, fetch_bounded, normalize_url

REFUSED = {
    "127.0.0.1": "loopback",
    "127.5.5.5": "loopback",
    "10.1.2.3": "private",
    "172.16.0.1": "private",
    "192.168.1.1": "private",
    "100.64.0.1": "cgnat",
    "169.254.10.10": "link-local",
    "169.254.169.254": "metadata",
    "100.100.100.200": "metadata",
    "224.0.0.1": "multicast",
    "240.0.0.1": "reserved",
    "0.0.0.0": "unspecified",
    "192.0.2.1": "private",  # TEST-NET-1 (documentation)
    "::1": "loopback",
    "::": "unspecified",
    "fe80::1": "link-local",
    "fec0::1": "site-local",
    "fc00::1": "private",
    "fd12:3456::1": "private",
    "fd00:ec2::254": "metadata",
    "ff02::1": "multicast",
    "::ffff:127.0.0.1": "ipv6-embedded loopback",
    "::ffff:10.0.0.1": "ipv6-embedded private",
    "::ffff:169.254.169.254": "ipv6-embedded metadata",
    "64:ff9b::a00:1": "ipv6-embedded private",
    "2002:7f00:1::": "ipv6-embedded loopback",
    "::127.0.0.1": "ipv6-embedded loopback",
}


@pytest.mark.parametrize(("address", "reason"), sorted(REFUSED.items()))
def test_every_non_public_class_is_refused_by_default(address: str, reason: str) -> None:
    ip = ipaddress.ip_address(address)
    assert EgressPolicy().refusal(ip) == reason
    with pytest.raises(EgressRefused, match=reason):
        EgressPolicy().check([ip], "h.example")


@pytest.mark.parametrize("address", ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_unicast_addresses_are_admitted(address: str) -> None:
    assert EgressPolicy().refusal(ipaddress.ip_address(address)) is None


def test_the_allowlist_admits_only_its_networks() -> None:
    policy = EgressPolicy.from_setting("127.0.0.1/32, ::1")
    assert policy.refusal(ipaddress.ip_address("127.0.0.1")) is None
    assert policy.refusal(ipaddress.ip_address("::1")) is None
    assert policy.refusal(ipaddress.ip_address("127.0.0.2")) == "loopback"
    assert policy.refusal(ipaddress.ip_address("10.0.0.1")) == "private"


def test_a_mixed_dns_answer_is_refused_whole() -> None:
    public, private = ipaddress.ip_address("8.8.8.8"), ipaddress.ip_address("10.0.0.1")
    with pytest.raises(EgressRefused, match="private"):
        EgressPolicy().check([public, private], "mixed.example")
    with pytest.raises(EgressRefused, match="did not resolve"):
        EgressPolicy().check([], "nothing.example")


def test_a_bad_allowlist_entry_names_the_variable() -> None:
    with pytest.raises(ValueError, match="MANGO_EGRESS_ALLOW"):
        egress.parse_allowlist("127.0.0.1/8,banana")


@pytest.mark.parametrize(
    ("url", "normal"),
    [
        ("HTTP://Example.COM", "http://example.com/"),
        ("https://example.com:443/a?b=1#frag", "https://example.com/a?b=1"),
        ("http://example.com:8080/x", "http://example.com:8080/x"),
        ("http://[::1]:9/", "http://[::1]:9/"),
        ("http://example.com./", "http://example.com/"),
    ],
)
def test_urls_are_normalised(url: str, normal: str) -> None:
    assert normalize_url(url) == normal


@pytest.mark.parametrize(
    "url", ["ftp://example.com/", "file:///etc/passwd", "gopher://x/", "http://user:pw@example.com/", "http://", "x"]
)
def test_only_plain_http_urls_are_accepted(url: str) -> None:
    with pytest.raises(EgressRefused):
        normalize_url(url)


class _Handler(BaseHTTPRequestHandler):
    hosts: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        _Handler.hosts.append(self.headers.get("Host", ""))
        if self.path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", self.path[len("/redirect/") :])
            self.end_headers()
            return
        if self.path.startswith("/loop"):
            self.send_response(302)
            self.send_header("Location", f"/loop{len(self.path)}")
            self.end_headers()
            return
        body = b"x" * 5000 if self.path == "/big" else b"hello"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[int]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    _Handler.hosts = []
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


LOOPBACK = EgressPolicy.from_setting("127.0.0.1/32")


async def test_loopback_is_refused_by_default_and_nothing_connects(server: int) -> None:
    with pytest.raises(EgressRefused, match="loopback"):
        await fetch_bounded(EgressPolicy(), f"http://127.0.0.1:{server}/")
    assert _Handler.hosts == []


async def test_the_allowlist_admits_loopback(server: int) -> None:
    fetched = await fetch_bounded(LOOPBACK, f"http://127.0.0.1:{server}/")
    assert (fetched.status_code, fetched.body) == (200, b"hello")


async def test_every_redirect_hop_is_checked(server: int) -> None:
    url = f"http://127.0.0.1:{server}/redirect/http://127.0.0.2:{server}/"
    with pytest.raises(EgressRefused, match=r"127\.0\.0\.2"):
        await fetch_bounded(LOOPBACK, url)
    assert len(_Handler.hosts) == 1  # the first hop only


async def test_redirects_are_bounded(server: int) -> None:
    with pytest.raises(EgressRefused, match="redirects"):
        await fetch_bounded(LOOPBACK, f"http://127.0.0.1:{server}/loop")
    assert len(_Handler.hosts) == LOOPBACK.max_redirects + 1


async def test_the_response_size_is_bounded(server: int) -> None:
    small = EgressPolicy(allow=LOOPBACK.allow, max_response_bytes=1000)
    with pytest.raises(ResponseTooLarge):
        await fetch_bounded(small, f"http://127.0.0.1:{server}/big")


async def test_the_connection_is_pinned_to_the_checked_address(server: int, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = [[ipaddress.ip_address("127.0.0.1")], [ipaddress.ip_address("10.0.0.1")]]
    calls: list[str] = []

    async def rebinding_dns(host: str, port: int) -> list[egress.IPAddress]:
        calls.append(host)
        return answers[len(calls) - 1]

    monkeypatch.setattr(egress, "resolve", rebinding_dns)
    fetched = await fetch_bounded(LOOPBACK, f"http://rebind.example:{server}/")
    assert fetched.body == b"hello"
    assert calls == ["rebind.example"]  # resolved once, by Mango, and connected to that answer
    assert _Handler.hosts == [f"rebind.example:{server}"]  # the Host header keeps the name
    assert fetched.url == f"http://rebind.example:{server}/"
    with pytest.raises(EgressRefused, match="private"):  # the next request sees the rebinding and refuses
        await fetch_bounded(LOOPBACK, f"http://rebind.example:{server}/")
