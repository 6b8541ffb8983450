"""The File, Skill and Memory Store wire mappers produce exactly the generated response models."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from mango_server.api._generated import models
from mango_server.api.mappers import files, memory_stores, skills
from mango_server.domain.json import JsonObject
from mango_server.domain.memory import MemoryPrefix
from mango_server.store.files import FileRow
from mango_server.store.memory_stores import MemoryRow, MemoryStoreRow, MemoryVersionRow
from mango_server.store.skills import SkillRow, SkillVersionRow
from pydantic import BaseModel

NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
SHA = "a" * 64
MEMORY = MemoryRow("ws_1", "memstore_1", "mem_1", "notes/todo.md", "hi", SHA, 2, "memver_1", NOW, NOW)

CASES: list[tuple[JsonObject, type[BaseModel]]] = [
    (files.file(FileRow("ws_1", "file_1", "a.txt", "text/plain", 3, SHA, "key", NOW)), models.File),
    (files.file_deleted("file_1"), models.FileDeleted),
    (skills.skill(SkillRow("ws_1", "skill_1", "PDF", 2, 3, NOW, NOW, None)), models.Skill),
    (
        skills.version(
            SkillVersionRow("ws_1", "skill_1", 2, "skillver_1", "pdf", "Fill.", "pdf", 10, SHA, 20, 3, "k", NOW, None)
        ),
        models.SkillVersion,
    ),
    (skills.skill_deleted("skill_1"), models.SkillDeleted),
    (skills.version_deleted("skillver_1"), models.SkillVersionDeleted),
    (
        memory_stores.store(MemoryStoreRow("ws_1", "memstore_1", "notes", None, {"k": "v"}, NOW, NOW, None)),
        models.MemoryStore,
    ),
    (memory_stores.store_deleted("memstore_1"), models.MemoryStoreDeleted),
    (memory_stores.memory(MEMORY), models.Memory),
    (memory_stores.memory(MEMORY, full=False), models.Memory),
    (memory_stores.memory_or_prefix(MemoryPrefix("notes/"), full=True), models.MemoryPrefix),
    (memory_stores.memory_deleted("mem_1"), models.MemoryDeleted),
    (
        memory_stores.version(
            MemoryVersionRow(
                "ws_1",
                "memstore_1",
                "memver_1",
                "mem_1",
                "created",
                "notes/todo.md",
                "hi",
                SHA,
                2,
                {"type": "api_actor", "api_key_id": "key_1"},
                None,
                NOW,
            )
        ),
        models.MemoryVersion,
    ),
]


@pytest.mark.parametrize(("body", "model"), CASES, ids=[f"{m.__name__}-{i}" for i, (_, m) in enumerate(CASES)])
def test_mapper_matches_response_model(body: JsonObject, model: type[BaseModel]) -> None:
    assert list(body) == list(model.model_fields)
    model.model_validate(body)
