"""Side-call accounting: the evaluator, grader and summary calls are admitted against the budget and counted."""

from __future__ import annotations

import dataclasses

import pytest
from mango_server.app.turn.evaluator import CallToEvaluate, ModelEvaluator
from mango_server.app.turn.metering import Meter
from mango_server.app.turn.outcome_grader import GradingSubject, ModelGrader
from mango_server.app.turn.summarizer import ModelSummarizer
from mango_server.domain import prices
from mango_server.domain.compaction import Entry
from mango_server.domain.prices import Price
from mango_server.model import ModelRequest, ModelResponse, OfflineModel, TextDeltaCallback, Usage

from tests.support.model_fakes import FakeModelMembers

CHEAP = Price(1, 5, 1.25, 0.1)
DEAR = Price(100, 500, 125, 10)


def _price_of(model_id: str) -> Price | None:
    return {"cheap": CHEAP, "dear": DEAR}.get(model_id, prices.resolve_price(model_id))


class _Counting(FakeModelMembers):
    """Answers every request with the offline model's text and a fixed usage; counts the calls."""

    def __init__(self) -> None:
        self.calls: list[ModelRequest] = []
        self._offline = OfflineModel()

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        self.calls.append(request)
        answered = await self._offline.create(request)
        return dataclasses.replace(answered, usage=Usage(input_tokens=1000, output_tokens=100))


def _request(model: str = "cheap", max_tokens: int = 1000) -> ModelRequest:
    content = [{"type": "text", "text": "x" * 400}]
    return ModelRequest(
        model=model, system="s", messages=[{"role": "user", "content": content}], tools=[], max_tokens=max_tokens
    )


def test_a_meter_without_budget_admits_everything_and_still_counts() -> None:
    meter = Meter(None, {}, _price_of)
    assert meter.admits(_request(max_tokens=10**9))
    meter.add("cheap", Usage(input_tokens=1000, output_tokens=100))
    assert meter.added["input_tokens"] == 1000
    assert meter.added["output_tokens"] == 100
    assert meter.added["list_cost_micros"] == 1000 * 1 + 100 * 5  # priced with the call's model
    assert not meter.refused


def test_a_meter_refuses_a_call_its_whole_output_could_take_past_the_token_limit() -> None:
    meter = Meter({"type": "limit", "max_tokens": 5000}, {"input_tokens": 3000}, _price_of)
    assert meter.admits(_request(max_tokens=1000))
    assert not meter.admits(_request(max_tokens=2000))
    assert meter.refused


def test_counted_usage_is_part_of_the_next_admission() -> None:
    meter = Meter({"type": "limit", "max_tokens": 4000}, {"input_tokens": 1000}, _price_of)
    assert meter.admits(_request(max_tokens=1000))
    meter.add("cheap", Usage(input_tokens=1500, output_tokens=500))
    assert not meter.admits(_request(max_tokens=1000))  # 1000 + 2000 counted + the estimate + 1000 > 4000
    assert meter.added["input_tokens"] == 1500


def test_the_cost_limit_prices_the_call_with_its_own_model() -> None:
    budget = {"type": "limit", "max_tokens": None, "max_list_cost": {"amount": "0.05", "currency": "USD"}}
    meter = Meter(budget, {}, _price_of)
    assert meter.admits(_request("cheap", 1000))  # ~$0.005
    assert not meter.admits(_request("dear", 1000))  # ~$0.5
    unpriced = Meter(budget, {}, _price_of)
    assert not unpriced.admits(_request("unknown-model", 10))  # a cost limit cannot be honoured unpriced


async def test_the_evaluator_asks_without_calling_when_the_budget_refuses() -> None:
    model = _Counting()
    evaluator = ModelEvaluator(model, "cheap")  # type: ignore[arg-type]
    call = CallToEvaluate("read", "builtin", {"file_path": "a.txt"})
    refused = Meter({"type": "limit", "max_tokens": 100}, {}, _price_of)
    verdict = await evaluator.evaluate(call, refused)
    assert (verdict.decision, verdict.reason_type) == ("ask", "indeterminate")
    assert "budget" in verdict.reason
    assert refused.refused
    assert not model.calls
    assert not refused.added
    admitted = Meter({"type": "limit", "max_tokens": 100_000}, {}, _price_of)
    assert (await evaluator.evaluate(call, admitted)).decision == "allow"
    assert len(model.calls) == 1
    assert admitted.added["input_tokens"] == 1000
    assert admitted.added["output_tokens"] == 100


async def test_the_grader_and_the_summary_are_admitted_and_counted() -> None:
    model = _Counting()
    subject = GradingSubject("d", "r", 0, 3, "answer")
    refused = Meter({"type": "limit", "max_tokens": 100}, {}, _price_of)
    assert (await ModelGrader(model).grade("cheap", subject, refused)).result == "failed"  # type: ignore[arg-type]
    assert refused.refused
    assert not model.calls
    entries = [Entry("t0:0", "user", [{"type": "text", "text": "hello"}])]
    summary = await ModelSummarizer(model).summarize("cheap", entries, 256, refused)  # type: ignore[arg-type]
    assert summary.text is None
    assert summary.error
    assert "budget" in summary.error
    assert not model.calls
    meter = Meter({"type": "limit", "max_tokens": 100_000}, {}, _price_of)
    await ModelGrader(model).grade("dear", subject, meter)  # type: ignore[arg-type]
    await ModelSummarizer(model).summarize("cheap", entries, 256, meter)  # type: ignore[arg-type]
    assert len(model.calls) == 2
    assert meter.added["input_tokens"] == 2000
    assert meter.added["list_cost_micros"] == (1000 * 100 + 100 * 500) + (1000 * 1 + 100 * 5)


def test_the_side_call_models_must_be_offered_by_the_catalogue() -> None:
    from mango_server.model import EndpointOptions, build_router, load_catalogue
    from mango_server.orchestration.worker import side_call_models
    from mango_server.settings import load_settings

    named = load_settings({"MANGO_GRADER_MODEL": "mango-offline-1"}, require_database=False)
    router = build_router(load_catalogue(named), {}, EndpointOptions())
    assert side_call_models(named, router) == {"evaluator": None, "grader": "mango-offline-1", "summary": None}
    unknown = load_settings({"MANGO_EVALUATOR_MODEL": "no-such-model"}, require_database=False)
    with pytest.raises(ValueError, match="MANGO_EVALUATOR_MODEL: 'no-such-model' is not in the model catalogue"):
        side_call_models(unknown, router)
