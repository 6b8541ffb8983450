"""Named SQL: ``-- name: <query>`` blocks in ``store/sql/<family>.sql``, parsed once.

A repository declares the queries it uses as a class, which binds them when the module is
imported::

    class Q(NamedQueries, file="agents"):
        insert_agent: str
        get_agent: str

A declared name missing from the file, or a query in the file that no repository declares,
fails at import time, never at request time; the type checker sees every name.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import ClassVar

_NAME = re.compile(r"^--\s*name:\s*(\w+)\s*$", re.MULTILINE)


@cache
def load_queries(family: str) -> dict[str, str]:
    """All named queries of ``sql/<family>.sql``."""
    text = (resources.files("mango_server.store") / "sql" / f"{family}.sql").read_text(encoding="utf-8")
    parts = _NAME.split(text)
    queries: dict[str, str] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        if name in queries:
            raise RuntimeError(f"sql/{family}.sql defines {name!r} twice")
        queries[name] = body.strip().rstrip(";")
    return queries


class NamedQueries:
    """Base of a repository's query declaration; subclass with ``file=`` and ``name: str`` fields."""

    file: ClassVar[str]

    def __init_subclass__(cls, *, file: str, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        queries = load_queries(file)
        declared = [name for name in cls.__annotations__ if name != "file"]
        missing = sorted(set(declared) - set(queries))
        unused = sorted(set(queries) - set(declared))
        if missing or unused:
            raise RuntimeError(f"sql/{file}.sql: queries missing {missing}, queries nobody declares {unused}")
        cls.file = file
        for name in declared:
            setattr(cls, name, queries[name])
