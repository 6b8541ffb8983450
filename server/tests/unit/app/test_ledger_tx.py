"""``app.ledger.Tx``'s after-commit updates run once, when the caller says the transaction committed."""

from __future__ import annotations

from typing import cast

from mango_server.app.ledger import Tx
from mango_server.store.db import Connection


def test_on_commit_updates_run_once_and_only_when_committed() -> None:
    ran: list[str] = []
    tx = Tx(cast(Connection, object()))
    tx.on_commit.append(lambda: ran.append("cache"))
    assert ran == []  # a transaction that rolls back never gets to ``committed``
    tx.committed()
    tx.committed()
    assert ran == ["cache"]
