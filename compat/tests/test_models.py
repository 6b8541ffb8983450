"""The official ``anthropic`` Python client's ``client.models.list()`` against a real Mango, unchanged: the
offered model decodes as the client's ``ModelInfo`` (id, display name, input and output limits) and the
client's page type iterates the one page Mango answers (``has_more`` false) without asking for another."""

from __future__ import annotations

import anthropic
import pytest

from ._flow import MODEL

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def test_models_list_returns_the_offered_model(official: anthropic.Anthropic) -> None:
    page = official.models.list()
    assert page.has_more is False
    listed = list(page)  # auto-pagination: the client stops at has_more false
    assert [m.id for m in listed] == [m.id for m in page.data]
    assert (page.first_id, page.last_id) == (listed[0].id, listed[-1].id)
    [model] = [m for m in listed if m.id == MODEL]
    assert model.type == "model"
    assert model.display_name == MODEL
    assert model.lifecycle == "active"
    assert model.max_tokens == 8192
    assert model.max_input_tokens == 200000
    assert model.created_at.year == 1970
