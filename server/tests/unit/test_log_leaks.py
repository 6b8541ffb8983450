"""The log scanner finds every credential shape and an issued value, and reports them masked."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from mango_server.devstack._leaks import find_leaks


def _secret() -> str:
    raw = json.dumps({"sessions_token": "mango_st_" + "a" * 40, "api_base_url": "http://127.0.0.1:1"})
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def test_clean_log_has_no_findings(tmp_path: Path) -> None:
    log = tmp_path / "api.log"
    log.write_text("INFO request method=POST path=/v1/sessions status=200 key_id=apikey_01abc\n")
    assert find_leaks([log, tmp_path / "missing.log"], ["mango_sk_never"]) == []


def test_every_credential_shape_is_found_and_masked(tmp_path: Path) -> None:
    log = tmp_path / "api.log"
    api_key, env_key = "mango_sk_" + "K" * 40, "mango_ek_" + "E" * 40
    log.write_text(f"auth {api_key}\nenv={env_key}\nwork secret={_secret()}\n")
    found = find_leaks([log])
    assert len(found) == 3, found
    assert all(api_key not in f and env_key not in f and _secret() not in f for f in found)


def test_an_issued_value_of_any_shape_is_found(tmp_path: Path) -> None:
    log = tmp_path / "orchestrator.log"
    log.write_text("debug token=opaque-issued-value\n")
    assert find_leaks([log], ["opaque-issued-value"]) == ["orchestrator.log: opaque-issue..."]
