"""The egress guard: every outbound connection Mango makes on an Agent's behalf goes through it.

MCP servers, the platform-managed ``web_fetch`` and (later) webhooks connect only through
:class:`GuardedTransport`. For each request, including each redirect hop (httpx sends every hop
through the transport), the guard

1. accepts only ``http`` and ``https`` URLs without credentials (:func:`normalize_url`);
2. resolves the host itself (no proxy, no ``trust_env``) and checks every resolved address
   (:meth:`EgressPolicy.refusal`): loopback, private, CGNAT, link-local (the cloud metadata
   address included), multicast, reserved, unspecified and the IPv6 equivalents (ULA,
   link-local, site-local, IPv4-mapped/compatible/NAT64/6to4/Teredo embeddings of a refused IPv4
   address) are refused unless the operator allowlist (``MANGO_EGRESS_ALLOW``, CIDRs) admits them;
3. connects to the checked address itself (the request URL's host is replaced by that address,
   the ``Host`` header and the TLS server name stay the original host), so a second DNS answer
   cannot rebind the connection.

:func:`fetch_bounded` bounds the redirect count, the response size and the total time. Not
responsible for deciding whether a tool may run (the permission policy) or for MCP semantics.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

import httpx2
from mango.lib.addresses import IPAddress, address_class

log = logging.getLogger(__name__)

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class EgressRefused(Exception):
    """An outbound connection was refused by the egress guard; the message says why (no secrets)."""


class ResponseTooLarge(EgressRefused):
    """A response body exceeded the guard's size bound."""


def parse_allowlist(raw: str) -> tuple[IPNetwork, ...]:
    """``MANGO_EGRESS_ALLOW``: comma- or space-separated CIDRs (a bare address is a /32 or /128)."""
    out: list[IPNetwork] = []
    for item in raw.replace(",", " ").split():
        try:
            out.append(ipaddress.ip_network(item, strict=False))
        except ValueError as exc:
            raise ValueError(f"MANGO_EGRESS_ALLOW: {item!r} is not a CIDR") from exc
    return tuple(out)


@dataclass(frozen=True)
class EgressPolicy:
    """The operator's egress policy: refused classes, admitted networks and the bounds of a fetch."""

    allow: tuple[IPNetwork, ...] = ()
    max_response_bytes: int = 10 * 1024 * 1024
    timeout_seconds: float = 30.0
    max_redirects: int = 5

    @classmethod
    def from_setting(cls, raw: str, **bounds: float) -> EgressPolicy:
        """The policy of a ``MANGO_EGRESS_ALLOW`` value."""
        return cls(allow=parse_allowlist(raw), **bounds)  # type: ignore[arg-type]

    def refusal(self, ip: IPAddress) -> str | None:
        """Why a connection to ``ip`` is refused (``None``: admitted)."""
        if any(ip.version == net.version and ip in net for net in self.allow):
            return None
        return address_class(ip)

    def check(self, addresses: Iterable[IPAddress], host: str) -> list[IPAddress]:
        """Every address must be admitted (a mixed DNS answer is refused whole)."""
        checked = list(dict.fromkeys(addresses))
        if not checked:
            raise EgressRefused(f"egress refused: {host} did not resolve")
        for ip in checked:
            reason = self.refusal(ip)
            if reason is not None:
                raise EgressRefused(f"egress refused: {host} resolves to a {reason} address ({ip})")
        return checked


def normalize_url(url: str) -> str:
    """An http(s) URL in normal form (lower-case scheme and host, no fragment, no credentials)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise EgressRefused(f"egress refused: {url!r} is not a valid URL") from exc
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise EgressRefused(f"egress refused: scheme {scheme or '(none)'!r} is not http or https")
    if parts.username is not None or parts.password is not None:
        raise EgressRefused("egress refused: URLs with credentials are not allowed")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise EgressRefused("egress refused: the URL has no host")
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != (443 if scheme == "https" else 80):
        netloc += f":{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


async def resolve(host: str, port: int) -> list[IPAddress]:
    """The addresses of ``host`` (a literal resolves to itself), resolved by Mango, not the OS proxy."""
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise EgressRefused(f"egress refused: {host} did not resolve") from exc
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]


@dataclass
class GuardedTransport(httpx2.AsyncBaseTransport):
    """An httpx2 transport that checks and pins every connection (see the module docstring)."""

    policy: EgressPolicy
    _inner: httpx2.AsyncHTTPTransport = field(default_factory=lambda: httpx2.AsyncHTTPTransport(trust_env=False))

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        normalize_url(str(request.url))
        host = request.url.host
        port = request.url.port or (443 if request.url.scheme == "https" else 80)
        pinned = self.policy.check(await resolve(host, port), host)[0]
        extensions = dict(request.extensions)
        if request.url.scheme == "https":
            extensions["sni_hostname"] = host  # TLS still verifies the original host name
        # A copy: the client keeps the original request (and its host) for redirects and the response.
        pinned_request = httpx2.Request(
            request.method,
            request.url.copy_with(host=str(pinned)),
            headers=request.headers,
            stream=request.stream,
            extensions=extensions,
        )
        log.debug("egress admitted host=%s address=%s", host, pinned, extra={"action": "egress.admit"})
        return await self._inner.handle_async_request(pinned_request)

    async def aclose(self) -> None:
        await self._inner.aclose()


def guarded_client(policy: EgressPolicy, *, follow_redirects: bool = False, **kwargs: object) -> httpx2.AsyncClient:
    """An httpx2 client whose every connection (and redirect hop) goes through the guard."""
    return httpx2.AsyncClient(
        transport=GuardedTransport(policy),
        trust_env=False,
        follow_redirects=follow_redirects,
        max_redirects=policy.max_redirects,
        timeout=httpx2.Timeout(policy.timeout_seconds),
        **kwargs,  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class Fetched:
    """A bounded response: final URL, status, content type and body."""

    url: str
    status_code: int
    content_type: str
    body: bytes


async def fetch_bounded(policy: EgressPolicy, url: str, *, headers: dict[str, str] | None = None) -> Fetched:
    """GET ``url`` through the guard, following at most ``max_redirects``, within the size and time bounds."""
    target = normalize_url(url)
    try:
        async with (
            asyncio.timeout(policy.timeout_seconds),
            guarded_client(policy, follow_redirects=True) as client,
            client.stream("GET", target, headers=headers) as response,
        ):
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > policy.max_response_bytes:
                    raise ResponseTooLarge(f"response exceeds {policy.max_response_bytes} bytes")
            kind = response.headers.get("content-type", "")
            return Fetched(str(response.url), response.status_code, kind, bytes(body))
    except httpx2.TooManyRedirects as exc:
        raise EgressRefused(f"egress refused: more than {policy.max_redirects} redirects") from exc
    except TimeoutError as exc:
        raise EgressRefused(f"egress refused: no complete response within {policy.timeout_seconds:g} s") from exc
