"""Which IP addresses are public unicast: the one rule Mango's egress guards share.

The control plane's egress guard (MCP servers, the platform-managed ``web_fetch``) and the Docker
worker's egress proxy (tool code's outbound HTTP) refuse the same classes of address: loopback,
private, CGNAT, link-local (the cloud metadata addresses included), multicast, reserved,
unspecified and their IPv6 equivalents, an IPv6 address that embeds a refused IPv4 address
(mapped, compatible, NAT64, 6to4, Teredo) included. Pure: no resolution, no allowlists (each guard
applies its operator's), no I/O.
"""

from __future__ import annotations

import ipaddress

__all__ = ["IPAddress", "address_class"]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_METADATA = frozenset(ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200"))


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo), if any."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if int(ip) >> 32 == 0 and int(ip) > 1:  # deprecated IPv4-compatible ::a.b.c.d
        return ipaddress.IPv4Address(int(ip))
    return None


def address_class(ip: IPAddress) -> str | None:
    """Why ``ip`` is not a public unicast address (``None`` when it is)."""
    if ip in _METADATA:
        return "metadata"
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            inner = address_class(embedded)
            return f"ipv6-embedded {inner}" if inner else None
        if ip.is_site_local:
            return "site-local"
    checks = (
        ("unspecified", ip.is_unspecified),
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("cgnat", isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT),
        ("reserved", ip.is_reserved),
        ("private", ip.is_private),
        ("non-global", not ip.is_global),
    )
    return next((name for name, hit in checks if hit), None)
