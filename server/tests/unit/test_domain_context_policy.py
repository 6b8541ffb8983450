"""Admission budgets: output and one growth round reserved, targets below the limit."""

from __future__ import annotations

from mango_server.domain.context_policy import budget_for
from mango_server.domain.model_windows import ModelWindow


def test_budget_reserves_output_and_a_growth_round() -> None:
    budget = budget_for(ModelWindow(200_000, 8192), 4096)
    assert budget.max_tokens == 4096
    assert budget.limit == 200_000 - 4096 - budget.growth
    assert 0 < budget.growth <= 16_000
    assert budget.fits(budget.limit)
    assert not budget.fits(budget.limit + 1)


def test_requested_output_is_capped_by_the_model() -> None:
    assert budget_for(ModelWindow(8000, 512), 4096).max_tokens == 512


def test_aggressive_target_is_smaller() -> None:
    budget = budget_for(ModelWindow(8000, 512), 4096)
    assert budget.target(aggressive=True) < budget.target() < budget.limit
