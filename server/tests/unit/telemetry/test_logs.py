"""The JSON log formatter: one object per line with the action, the bound ids and the trace id."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator

import pytest
from mango_server.telemetry import logs
from mango_server.telemetry.traces import span_under


@pytest.fixture
def root_handlers() -> Iterator[None]:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    yield
    root.handlers[:] = saved
    root.setLevel(level)


def _lines(err: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in err.splitlines() if line.strip()]


def test_json_records_carry_action_and_bound_ids(root_handlers: None, capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure_logging("INFO", "json")

    async def request() -> None:
        logs.bind(request_id="req_1", session_id="sesn_1", workspace_id="wksp_1")
        logging.getLogger("mango_server.test").info("did work n=%d", 3, extra={"action": "test.work"})

    asyncio.run(request())
    logging.getLogger("mango_server.test").warning("outside", extra={"action": "test.outside"})
    inside, outside = _lines(capsys.readouterr().err)
    assert inside["message"] == "did work n=3"
    assert inside["level"] == "INFO"
    assert inside["logger"] == "mango_server.test"
    assert "time" in inside
    assert (inside["action"], inside["request_id"], inside["session_id"], inside["workspace_id"]) == (
        "test.work",
        "req_1",
        "sesn_1",
        "wksp_1",
    )
    # The context belonged to the request's task; a record outside it carries no stale ids.
    assert outside["action"] == "test.outside"
    assert "request_id" not in outside


def test_explicit_extra_wins_and_trace_id_is_added(
    root_handlers: None, capsys: pytest.CaptureFixture[str], spans: object
) -> None:
    logs.configure_logging("INFO", "json")

    async def traced() -> None:
        logs.bind(session_id="sesn_bound")
        with span_under("unit", None) as span:
            logging.getLogger("x").info("m", extra={"action": "a", "session_id": "sesn_explicit"})
            return format(span.get_span_context().trace_id, "032x")

    trace_id = asyncio.run(traced())
    (record,) = _lines(capsys.readouterr().err)
    assert record["session_id"] == "sesn_explicit"
    assert record["trace_id"] == trace_id


def test_text_format_for_developers(root_handlers: None, capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure_logging("INFO", "text")
    logging.getLogger("mango").info("api listening url=%s", "http://x", extra={"action": "api.start"})
    line = capsys.readouterr().err.strip()
    assert line.endswith("INFO mango action=api.start api listening url=http://x")
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_exceptions_stay_inside_one_json_line(root_handlers: None, capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure_logging("INFO", "json")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("x").exception("failed", extra={"action": "x.failed"})
    (record,) = _lines(capsys.readouterr().err)
    assert "ValueError: boom" in str(record["exc_info"])
