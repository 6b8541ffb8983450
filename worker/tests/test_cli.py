"""``mango-worker docker`` takes its Environment key from the environment or a file, never from argv."""

from __future__ import annotations

from pathlib import Path

import pytest
from mango_worker import cli

BASE = ["docker", "--base-url", "http://127.0.0.1:9", "--environment-id", "env_x"]


def _captured_key(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []

    async def fake_run(args: object, limits: object, key: str) -> int:
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
