"""The route table, the handler registry and docs/compatibility.md agree."""

from __future__ import annotations

import re
from pathlib import Path

from mango_server.api._generated.routes import OPERATION_IDS, ROUTES
from mango_server.api.app import check_handlers
from mango_server.api.handlers import HANDLERS, NOT_IMPLEMENTED

DOC = Path(__file__).resolve().parents[4] / "docs" / "compatibility.md"


def test_every_operation_has_a_handler_or_is_declared_not_implemented() -> None:
    check_handlers()
    implemented = {r.operation_id for r in ROUTES if r.handler in HANDLERS}
    assert implemented | NOT_IMPLEMENTED == set(OPERATION_IDS)
    assert not implemented & NOT_IMPLEMENTED


def test_compatibility_doc_lists_exactly_the_unimplemented_operations() -> None:
    rows = re.findall(r"^\| `([a-z_.]+)` \| `[^`]+` \| (implemented|not_implemented) \|", DOC.read_text(), re.MULTILINE)
    documented = {op for op, status in rows if status == "not_implemented"}
    assert {op for op, _ in rows} == set(OPERATION_IDS), "every operation appears once in the table"
    assert documented == set(NOT_IMPLEMENTED)
