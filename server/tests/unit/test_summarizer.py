"""The model-written compaction summary: the bounded call, its fallbacks, and the projection it fills."""

from __future__ import annotations

import asyncio

from mango_server.app.turn.summarizer import MAX_INPUT_CHARS, SYSTEM_PROMPT, ModelSummarizer, render
from mango_server.domain import compaction
from mango_server.domain.compaction import Entry, Projection
from mango_server.domain.context_policy import DEFAULT_SUMMARY_TOKENS, compaction_config
from mango_server.domain.tokens import BYTES_PER_TOKEN
from mango_server.model import ModelRequest, ModelResponse, OfflineModel, TextDeltaCallback, Usage

from tests.support.model_fakes import FakeModelMembers


def _entries(*texts: str) -> list[Entry]:
    return [
        Entry(f"t{i}:0", "user" if i % 2 == 0 else "assistant", [{"type": "text", "text": text}])
        for i, text in enumerate(texts)
    ]


async def test_the_offline_model_writes_a_deterministic_summary() -> None:
    entries = _entries("please fix the login bug in auth.py", "I will look at it", "also add a test")
    first = await ModelSummarizer(OfflineModel()).summarize("mango-offline-1", entries, 256)
    second = await ModelSummarizer(OfflineModel()).summarize("mango-offline-1", entries, 256)
    assert first == second
    assert first.text == "Offline summary of 3 lines: please fix the login bug in; also add a test"
    assert first.error is None


async def test_a_failed_call_gives_no_text_and_a_reason() -> None:
    summary = await ModelSummarizer(OfflineModel()).summarize("mango-offline-1", _entries("mango-summary:fail"), 256)
    assert summary.text is None
    assert summary.error == "the summary call failed (model_overloaded_error)"


class _Slow(FakeModelMembers):
    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        await asyncio.sleep(5)
        raise AssertionError("unreachable")


class _Recording(FakeModelMembers):
    def __init__(self, text: str) -> None:
        self.text = text
        self.requests: list[ModelRequest] = []

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        self.requests.append(request)
        return ModelResponse(
            content=[{"type": "text", "text": self.text}],
            stop_reason="end_turn",
            usage=Usage(1, 1),
            model=request.model,
        )


async def test_a_timeout_or_an_empty_answer_falls_back() -> None:
    slow = await ModelSummarizer(_Slow(), timeout_seconds=0.05).summarize("m", _entries("x"), 64)  # type: ignore[arg-type]
    assert (slow.text, slow.error) == (None, "the summary call did not answer within 0.05 s")
    empty = await ModelSummarizer(_Recording("  ")).summarize("m", _entries("x"), 64)  # type: ignore[arg-type]
    assert (empty.text, empty.error) == (None, "the summary call answered no text")


async def test_the_call_is_bounded_and_tool_free() -> None:
    model = _Recording("ok")
    huge = _entries(*[f"message {i} " + "x" * 1500 for i in range(100)])
    await ModelSummarizer(model).summarize("m", huge, 300)  # type: ignore[arg-type]
    [request] = model.requests
    assert request.tools == []
    assert request.max_tokens == 300
    assert request.system == SYSTEM_PROMPT
    text = request.messages[0]["content"][0]["text"]
    assert len(text) <= MAX_INPUT_CHARS
    assert "message 99" in text
    assert "message 0 " not in text


def test_render_names_roles_and_tool_calls() -> None:
    entries = [
        Entry("a:0", "user", [{"type": "text", "text": "hello\nthere"}]),
        Entry("a:1", "assistant", [{"type": "tool_use", "id": "t", "name": "bash", "input": {"command": "ls"}}]),
        Entry("a:2", "user", [{"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text", "text": "f"}]}]),
    ]
    assert render(entries).splitlines() == [
        "user: hello there",
        'assistant: [tool call bash: {"command": "ls"}]',
        "user: [tool result: f]",
    ]


def test_with_summary_replaces_the_entry_text_within_its_bound() -> None:
    projection = Projection(["a:0", "c:0"], {}, "extractive", 1, "c:0")
    written = compaction.with_summary(projection, "y" * 100_000, 100)
    assert written.kept == projection.kept
    assert written.horizon == "c:0"
    assert written.summary_index == 1
    assert written.summary is not None
    assert written.summary.startswith("[Context compaction:")
    assert len(written.summary.encode()) <= 100 * BYTES_PER_TOKEN


def test_dropped_entries_are_what_the_projection_leaves_out_up_to_its_horizon() -> None:
    entries = _entries("a", "b", "c", "d", "e")
    projection = Projection(["t0:0", "t3:0"], horizon="t3:0")
    assert [e.key for e in compaction.dropped_entries(projection, entries)] == ["t1:0", "t2:0"]
    assert compaction.dropped_entries(Projection([]), entries) == []


def test_compaction_config_defaults_to_extractive() -> None:
    assert compaction_config({}).mode == "extractive"
    assert compaction_config({"context_management": None}).max_summary_tokens == DEFAULT_SUMMARY_TOKENS
    config = compaction_config({"context_management": {"compaction": {"mode": "summary", "max_summary_tokens": 300}}})
    assert (config.mode, config.max_summary_tokens) == ("summary", 300)
