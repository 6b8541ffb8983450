"""The address classes both egress guards refuse (``mango.lib.addresses``), on one address of each."""

from __future__ import annotations

import ipaddress

import pytest
from mango.lib.addresses import address_class

CLASSES = {
    "8.8.8.8": None,
    "2001:4860:4860::8888": None,
    "::ffff:8.8.8.8": None,
    "127.0.0.1": "loopback",
    "::1": "loopback",
    "10.0.0.1": "private",
    "172.16.0.1": "private",
    "192.168.1.1": "private",
    "203.0.113.5": "private",  # documentation range
    "fc00::1": "private",
    "100.64.0.1": "cgnat",
    "169.254.169.254": "metadata",
    "100.100.100.200": "metadata",
    "fd00:ec2::254": "metadata",
    "169.254.1.1": "link-local",
    "fe80::1": "link-local",
    "224.0.0.1": "multicast",
    "0.0.0.0": "unspecified",
    "::": "unspecified",
    "240.0.0.1": "reserved",
    "fec0::1": "site-local",
    "::ffff:10.0.0.1": "ipv6-embedded private",
    "64:ff9b::a00:1": "ipv6-embedded private",  # NAT64
    "2002:0a00:0001::1": "ipv6-embedded private",  # 6to4
    "::a00:1": "ipv6-embedded private",  # IPv4-compatible
}


@pytest.mark.parametrize(("raw", "expected"), CLASSES.items())
def test_each_address_gets_its_class(raw: str, expected: str | None) -> None:
    assert address_class(ipaddress.ip_address(raw)) == expected
