"""Named SQL: ``-- name: <query>`` blocks in ``store/sql/<aggregate>.sql``, parsed once.

Repositories ask for queries by name; a missing name is a programming error raised at import
time of the repository module, never at request time.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_NAME = re.compile(r"^--\s*name:\s*(\w+)\s*$", re.MULTILINE)


@cache
def load_queries(aggregate: str) -> dict[str, str]:
    """All named queries of ``sql/<aggregate>.sql``."""
    text = (resources.files("mango_server.store") / "sql" / f"{aggregate}.sql").read_text(encoding="utf-8")
    parts = _NAME.split(text)
    queries: dict[str, str] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        queries[name] = body.strip().rstrip(";")
    return queries


class Queries:
    """Attribute access to one aggregate's named queries (``Q.get_session``)."""

    def __init__(self, aggregate: str) -> None:
        self._queries = load_queries(aggregate)

    def __getattr__(self, name: str) -> str:
        try:
            return self._queries[name]
        except KeyError:
            raise AttributeError(f"no query named {name!r}") from None
