"""Named SQL is bound when a repository module is imported: a wrong name can never reach a request."""

from __future__ import annotations

import importlib
import pkgutil

import mango_server.store
import pytest
from mango_server.store.sql_loader import NamedQueries, load_queries


def test_every_repository_binds_every_query_of_its_file_at_import() -> None:
    declared: set[str] = set()
    for info in pkgutil.iter_modules(mango_server.store.__path__):
        module = importlib.import_module(f"mango_server.store.{info.name}")
        queries = getattr(module, "Q", None)
        if isinstance(queries, type) and issubclass(queries, NamedQueries):
            declared.add(queries.file)
            assert all(isinstance(getattr(queries, name), str) for name in load_queries(queries.file))
    assert {"events", "outbox", "turns", "transcript", "actions", "sessions", "agents", "work"} <= declared


def test_a_declared_query_missing_from_the_file_fails_at_class_creation() -> None:
    with pytest.raises(RuntimeError, match="queries missing \\['no_such_query'\\]"):

        class _Q(NamedQueries, file="turns"):
            no_such_query: str


def test_a_query_nobody_declares_fails_at_class_creation() -> None:
    with pytest.raises(RuntimeError, match=r"queries missing \[\], queries nobody declares \[.claim_due_outbox"):

        class _Q(NamedQueries, file="outbox"):
            upsert_outbox: str
