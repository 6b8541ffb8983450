"""The outcome grader: strict decoding, bounded prompts, fail-closed on errors, and the offline grader."""

from __future__ import annotations

import asyncio
import json

import pytest
from mango_server.app.turn.outcome_grader import MAX_ANSWER_CHARS, GradingSubject, ModelGrader, decode, prompt
from mango_server.model import ModelOverloadedError, OfflineModel
from mango_server.model._offline_grader import grade

from tests.support.model_fakes import FakeModelMembers


def _subject(rubric: str, iteration: int = 0, answer: str = "You said: hello") -> GradingSubject:
    return GradingSubject("Say hello.", rubric, iteration, 3, answer)


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ('{"result": "satisfied", "explanation": "ok"}', "satisfied"),
        ('{"result": "needs_revision", "explanation": "add more"}', "needs_revision"),
        ('{"result": "maybe", "explanation": "?"}', "failed"),
        ('{"result": "satisfied"}', "failed"),
        ("Looks good to me.", "failed"),
        ('["satisfied"]', "failed"),
    ],
)
def test_decode_is_strict(text: str, result: str) -> None:
    assert decode(text).result == result


def test_the_prompt_is_bounded_json_and_keeps_the_end_of_a_long_answer() -> None:
    body = json.loads(prompt(_subject("r" * 50_000, answer="x" * 30_000 + "THE END")))
    assert len(body["answer"]) == MAX_ANSWER_CHARS
    assert body["answer"].endswith("THE END")
    assert len(body["outcome"]["rubric"]) == 20_000


def test_the_offline_grader_follows_the_rubric_directives() -> None:
    assert json.loads(grade(prompt(_subject("mango-grade:revise=1", 0))))["result"] == "needs_revision"
    assert json.loads(grade(prompt(_subject("mango-grade:revise=1", 1))))["result"] == "satisfied"
    assert json.loads(grade(prompt(_subject("mango-grade:require=hello"))))["result"] == "satisfied"
    assert json.loads(grade(prompt(_subject("mango-grade:require=goodbye"))))["result"] == "needs_revision"
    assert json.loads(grade(prompt(_subject("anything", answer=""))))["result"] == "needs_revision"


def test_the_model_grader_on_the_offline_model() -> None:
    grader = ModelGrader(OfflineModel())
    verdict = asyncio.run(grader.grade("mango-offline-1", _subject("mango-grade:revise=1", 0)))
    assert verdict.result == "needs_revision"
    assert asyncio.run(grader.grade("mango-offline-1", _subject("mango-grade:garbage"))).result == "failed"


class _Failing(FakeModelMembers):
    async def create(self, request: object, on_text_delta: object = None) -> object:
        raise ModelOverloadedError("busy", status_code=529)


class _Slow(FakeModelMembers):
    async def create(self, request: object, on_text_delta: object = None) -> object:
        await asyncio.sleep(10)
        raise AssertionError("unreachable")


def test_a_model_error_or_a_timeout_is_a_failed_verdict() -> None:
    failing = ModelGrader(_Failing())  # type: ignore[arg-type]
    verdict = asyncio.run(failing.grade("m", _subject("r")))
    assert verdict.result == "failed"
    assert "model_overloaded" in verdict.explanation
    slow = ModelGrader(_Slow(), timeout_seconds=0.05)  # type: ignore[arg-type]
    assert asyncio.run(slow.grade("m", _subject("r"))).explanation.startswith("the grader did not answer")
