"""Memory paths: the canonical relative form, and the store-rooted form the managed-agents clients write."""

from __future__ import annotations

import pytest
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.memory import normalize_path, normalize_prefix


def test_one_leading_slash_names_the_same_path() -> None:
    assert normalize_path("/notes/todo.md") == normalize_path("notes/todo.md") == "notes/todo.md"
    assert normalize_prefix("/notes/") == normalize_prefix("notes/") == "notes/"
    assert normalize_prefix("/") == ""


@pytest.mark.parametrize("raw", ["//notes/todo.md", "/", "/notes/", "/../x", "notes//x"])
def test_other_paths_are_still_refused(raw: str) -> None:
    with pytest.raises(InvalidRequestError):
        normalize_path(raw)


def test_prefix_with_two_leading_slashes_is_refused() -> None:
    with pytest.raises(InvalidRequestError):
        normalize_prefix("//notes")
