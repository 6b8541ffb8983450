"""Free ports for the embedded services are chosen below the kernel's ephemeral range."""

from __future__ import annotations

import pytest
from mango_server.devstack import _ports


def test_a_free_port_is_below_the_ephemeral_range_and_avoids_what_it_is_told() -> None:
    taken = {_ports.free_port() for _ in range(20)}
    port = _ports.free_port(avoid=taken)
    assert port not in taken
    assert port not in _ports.DEFAULT_PORTS.values()
    assert _ports._FREE_RANGE_START <= port < _ports._ephemeral_start()
    assert _ports.port_is_free(port)


def test_without_room_below_the_ephemeral_range_the_kernel_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_ports, "_ephemeral_start", lambda: _ports._FREE_RANGE_START + 10)
    assert _ports.port_is_free(_ports.free_port())
