"""decode_work_secret: base64url JSON with a sessions_token; anything else is fatal."""

from __future__ import annotations

import base64
import json

import pytest
from mango.lib import WorkSecret, WorkSecretError, decode_work_secret

from .conftest import make_secret


def encode(payload: object, pad: bool = False) -> str:
    text = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode()
    return text if pad else text.rstrip("=")


def test_decodes_token_and_base_url() -> None:
    secret = decode_work_secret(make_secret("tok-1", "http://api.test:8000/"))
    assert secret == WorkSecret(sessions_token="tok-1", api_base_url="http://api.test:8000")


def test_padding_is_optional_and_base_url_may_be_absent() -> None:
    assert decode_work_secret(encode({"sessions_token": "t"}, pad=True)).api_base_url is None
    assert decode_work_secret(encode({"sessions_token": "t", "api_base_url": None})).sessions_token == "t"


def test_url_safe_alphabet_is_used() -> None:
    token = "a?b>c~" * 10  # encodes to '-' and '_' characters
    secret = encode({"sessions_token": token})
    assert "-" in secret or "_" in secret
    assert decode_work_secret(secret).sessions_token == token


@pytest.mark.parametrize(
    "secret",
    [
        None,
        "",
        "   ",
        "not base64!!",
        base64.urlsafe_b64encode(b"not json").decode(),
        encode(["a list"]),
        encode({}),
        encode({"sessions_token": ""}),
        encode({"sessions_token": 42}),
        encode({"sessions_token": "has space"}),
        encode({"sessions_token": "t", "api_base_url": "ftp://x"}),
        "A" * 5000,
    ],
)
def test_malformed_secrets_are_fatal(secret: str | None) -> None:
    with pytest.raises(WorkSecretError):
        decode_work_secret(secret)


def test_the_token_never_appears_in_repr_or_errors() -> None:
    assert "tok-secret" not in repr(decode_work_secret(make_secret("tok-secret")))
    with pytest.raises(WorkSecretError) as info:
        decode_work_secret(encode({"sessions_token": "tok secret"}))
    assert "tok secret" not in str(info.value)


def test_polled_work_model_never_prints_its_secret() -> None:
    from mango._generated.models import Work

    secret = encode({"sessions_token": "mango_st_never-in-logs", "api_base_url": "http://127.0.0.1:1"})
    work = Work.from_dict(
        {
            "type": "work",
            "id": "work_1",
            "environment_id": "env_1",
            "data": {"type": "session", "id": "sesn_1"},
            "state": "queued",
            "metadata": {},
            "secret": secret,
            "error": None,
            "created_at": "2026-01-01T00:00:00Z",
            "acknowledged_at": None,
            "started_at": None,
            "latest_heartbeat_at": None,
            "stop_requested_at": None,
            "stopped_at": None,
        }
    )
    assert work.secret == secret
    assert secret not in repr(work)
    assert secret not in str(work)
    assert "work_1" in repr(work)
