"""What the egress proxy lets tool code reach, and which secrets it substitutes where.

Pure rules, no I/O: :class:`EgressPolicy` decides whether a ``host:port`` a tool asked for may be
reached and checks each address the host resolved to; :class:`Substitution` is one
``environment_variable`` secret with the placeholder tool code sees instead of it. The rules:

- a host is reachable when a credential of the item lists it (``allowed_hosts``: names, IPv4
  literals, ``*.`` wildcards; ports 80 and 443 only) or the operator lists it (``--egress-allow
  HOST[:PORT]``; without a port, 80 and 443);
- every resolved address must be a public unicast address: the classes are those of the server's
  egress guard (both apply ``mango.lib.addresses.address_class``);
- the single exception is an operator entry that names an IP literal **and** a port
  (``--egress-allow 127.0.0.1:8443``): that one address and port is reachable whatever its class.
  A loopback or private service is never reachable through a credential's hosts, a host name or a
  port the operator did not write down, so the control plane's ports stay closed.

Not responsible for: resolving names or connecting (:mod:`mango_worker.egress`), the CA
(:mod:`mango_worker.egress_ca`), or where secrets come from (the supervisor).
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from mango.lib.addresses import IPAddress, address_class

__all__ = [
    "DEFAULT_PORTS",
    "EgressPolicy",
    "EgressRefused",
    "IPAddress",
    "Substitution",
    "host_matches",
    "new_placeholder",
    "normal_host",
    "parse_allow",
]

DEFAULT_PORTS = frozenset({80, 443})
PLACEHOLDER_PREFIX = "mango-secret-"


class EgressRefused(Exception):
    """A request the proxy refuses; the message says why and never carries a secret value."""


def normal_host(host: str) -> str:
    """A request's host in normal form: lower case, no trailing dot, no IPv6 brackets."""
    return host.strip().strip("[]").rstrip(".").lower()


def host_matches(pattern: str, host: str) -> bool:
    """Whether ``host`` is ``pattern`` or, for a ``*.`` pattern, one of its subdomains (not the bare domain)."""
    if pattern.startswith("*."):
        return host.endswith(pattern[1:]) and len(host) > len(pattern) - 1
    return host == pattern


def new_placeholder() -> str:
    """A fresh placeholder: what tool code sees in a secret's variable (random, so it names nothing)."""
    return PLACEHOLDER_PREFIX + secrets.token_hex(16)


@dataclass(frozen=True)
class Substitution:
    """One ``environment_variable`` secret: its variable, placeholder, value and where it may go."""

    name: str
    placeholder: str
    value: str = field(repr=False)
    hosts: tuple[str, ...]
    header: bool = True
    body: bool = False

    def allows(self, host: str) -> bool:
        """Whether requests to ``host`` may carry the real value."""
        return any(host_matches(pattern, host) for pattern in self.hosts)

    @classmethod
    def from_wire(cls, secret: Mapping[str, object]) -> Substitution:
        """From one entry of ``environments.work.secrets`` (a mapping or the SDK model as a dict)."""
        location = secret.get("injection_location")
        header = bool(location.get("header", True)) if isinstance(location, Mapping) else True
        body = bool(location.get("body", False)) if isinstance(location, Mapping) else False
        hosts = secret.get("allowed_hosts")
        if not isinstance(hosts, list) or not all(isinstance(h, str) for h in hosts):
            raise ValueError("a secret without allowed_hosts")
        return cls(
            name=str(secret["secret_name"]),
            placeholder=new_placeholder(),
            value=str(secret["secret_value"]),
            hosts=tuple(normal_host(h) for h in hosts),
            header=header,
            body=body,
        )


@dataclass(frozen=True)
class AllowEntry:
    """One operator ``--egress-allow`` entry: a host pattern and, optionally, one port."""

    host: str
    port: int | None = None

    @property
    def exact_address(self) -> IPAddress | None:
        """The IP literal of an entry that names one address and one port (the only way to a private address)."""
        if self.port is None:
            return None
        try:
            return ipaddress.ip_address(self.host)
        except ValueError:
            return None

    def admits(self, host: str, port: int) -> bool:
        return host_matches(self.host, host) and (port == self.port if self.port is not None else port in DEFAULT_PORTS)


def parse_allow(raw: str) -> AllowEntry:
    """``HOST``, ``*.DOMAIN``, ``IPv4`` or any of those with ``:PORT`` (IPv6 literals as ``[addr]:PORT``)."""
    text = raw.strip()
    port: int | None = None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            port = _port(rest.removeprefix(":"), raw)
    elif text.count(":") == 1:
        host, _, digits = text.partition(":")
        port = _port(digits, raw)
    else:
        host = text
    host = normal_host(host)
    if not host or "/" in host or " " in host:
        raise ValueError(f"--egress-allow: {raw!r} is not HOST[:PORT]")
    return AllowEntry(host, port)


def _port(digits: str, raw: str) -> int:
    if not digits.isdigit() or not 0 < int(digits) < 65536:
        raise ValueError(f"--egress-allow: {raw!r} has no valid port")
    return int(digits)


@dataclass(frozen=True)
class EgressPolicy:
    """The hosts one item's tools may reach and the secrets substituted for them."""

    allow: tuple[AllowEntry, ...] = ()
    substitutions: tuple[Substitution, ...] = ()

    def check_target(self, host: str, port: int) -> None:
        """Refuse a ``host:port`` that neither the operator nor a credential of the item lists."""
        if any(entry.admits(host, port) for entry in self.allow):
            return
        if port in DEFAULT_PORTS and any(s.allows(host) for s in self.substitutions):
            return
        raise EgressRefused(f"{host}:{port} is not an allowed destination")

    def check_addresses(self, host: str, port: int, addresses: Iterable[IPAddress]) -> list[IPAddress]:
        """Every resolved address must be public, unless the operator named this exact address and port."""
        checked = list(dict.fromkeys(addresses))
        if not checked:
            raise EgressRefused(f"{host} did not resolve")
        for ip in checked:
            if any(entry.exact_address == ip and entry.port == port for entry in self.allow):
                continue
            reason = address_class(ip)
            if reason is not None:
                raise EgressRefused(f"{host}:{port} resolves to a {reason} address")
        return checked

    def for_host(self, host: str) -> tuple[Substitution, ...]:
        """The substitutions whose value may go to ``host``."""
        return tuple(s for s in self.substitutions if s.allows(host))

    def leaked(self, host: str, data: bytes) -> Substitution | None:
        """A secret whose placeholder ``data`` carries although its value may not go to ``host``."""
        return next((s for s in self.substitutions if not s.allows(host) and s.placeholder.encode() in data), None)
