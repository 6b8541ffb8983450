"""The ``mango-worker`` command line: tool networking is opt-in, the Environment key comes from the
environment or a file (never argv), and bad settings exit 2 before anything starts."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from mango_worker import cli
from mango_worker.cli import main, parser

REQUIRED = ["docker", "--base-url", "http://127.0.0.1:8000", "--environment-id", "env_1"]


def test_tool_network_defaults_to_none_and_host_is_explicit() -> None:
    assert parser().parse_args(REQUIRED).tool_network == "none"
    assert parser().parse_args([*REQUIRED, "--tool-network", "host"]).tool_network == "host"


def test_egress_options_need_the_proxy_network_and_must_parse(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANGO_ENVIRONMENT_KEY", "envkey")
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", root.level)
    assert parser().parse_args([*REQUIRED, "--tool-network", "proxy"]).tool_network == "proxy"
    assert main([*REQUIRED, "--egress-allow", "api.example.com"]) == 2
    assert "need --tool-network proxy" in capsys.readouterr().err
    assert main([*REQUIRED, "--tool-network", "proxy", "--egress-allow", "127.0.0.1:99999"]) == 2
    assert "no valid port" in capsys.readouterr().err


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


BASE = ["docker", "--base-url", "http://127.0.0.1:9", "--environment-id", "env_x"]


def _captured_key(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    async def fake_run(args: object, limits: object, key: str, quota: object) -> int:
        seen.append(key)
        return 0

    monkeypatch.setattr(cli, "_run_docker", fake_run)
    return seen


def test_key_in_argv_is_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen = _captured_key(monkeypatch)
    assert cli.main([*BASE, "--environment-key", "mango_ek_secret"]) == 2
    assert seen == []
    err = capsys.readouterr().err
    assert "MANGO_ENVIRONMENT_KEY" in err
    assert "--environment-key-file" in err
    assert "mango_ek_secret" not in err


def test_key_from_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MANGO_ENVIRONMENT_KEY", raising=False)
    seen = _captured_key(monkeypatch)
    key_file = tmp_path / "key"
    key_file.write_text("mango_ek_fromfile\n")
    assert cli.main([*BASE, "--environment-key-file", str(key_file)]) == 0
    assert seen == ["mango_ek_fromfile"]


def test_key_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANGO_ENVIRONMENT_KEY", "mango_ek_fromenv")
    seen = _captured_key(monkeypatch)
    assert cli.main(BASE) == 0
    assert seen == ["mango_ek_fromenv"]


def test_missing_key_is_an_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("MANGO_ENVIRONMENT_KEY", raising=False)
    assert cli.main(BASE) == 2
    assert "is required" in capsys.readouterr().err
