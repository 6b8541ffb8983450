"""The ``mango-worker`` command line: tool networking is opt-in, and bad settings exit 2 before anything starts."""

from __future__ import annotations

import logging

import pytest
from mango_worker.cli import main, parser

REQUIRED = ["docker", "--base-url", "http://127.0.0.1:8000", "--environment-id", "env_1"]


def test_tool_network_defaults_to_none_and_host_is_explicit() -> None:
    assert parser().parse_args(REQUIRED).tool_network == "none"
    assert parser().parse_args([*REQUIRED, "--tool-network", "host"]).tool_network == "host"


def test_bridge_networks_are_not_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        parser().parse_args([*REQUIRED, "--tool-network", "bridge"])
    assert exited.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_a_base_url_the_forwarder_cannot_target_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANGO_ENVIRONMENT_KEY", "envkey")
    # main() configures the root logger; give it a list of its own so later tests keep theirs.
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", root.level)
    assert main(["docker", "--base-url", "127.0.0.1:8000", "--environment-id", "env_1"]) == 2
    assert "base URL must be http(s)://" in capsys.readouterr().err
