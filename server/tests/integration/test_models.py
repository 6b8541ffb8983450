"""The operator's model catalogue on the real platform (``MANGO_MODELS_FILE``): ``GET /v1/models`` lists the
offered models (never an endpoint or a credential); an Agent naming a model the deployment does not offer, or
asking for ``web_search``, ``max_tokens`` or ``speed`` its model cannot honour, is a 400 at create or update
time; a Session pins its endpoint (the request recipes record it) and sends the Agent's ``max_tokens`` and
``speed``; a model without native web fetch gets the platform-managed ``web_fetch``; a cost budget on an
unpriced model stops at once; a Chat Completions model answers a turn; a role refuses to start on an
invalid catalogue, naming file, entry and field."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import yaml
from mango_server.devstack import DevStack, Platform, Tenant

from ..support.fake_openai import ChatReply, FakeOpenAIServer
from ._client import CUSTOM_TOOL, client, history, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

CATALOGUE = {
    "models": [
        {
            "id": "mango-offline-1",
            "aliases": ["offline"],
            "adapter": "offline",
            "context_window": 200000,
            "max_output_tokens": 8192,
            "capabilities": {"web_search": True, "fast_mode": True, "thinking": True},
            "list_price": {"input": 1, "output": 5},
        },
        # No native web tools, no fast mode, no list price.
        {"id": "offline-plain", "adapter": "offline", "context_window": 100000, "max_output_tokens": 2048},
    ]
}
OFFERED = "mango-offline-1, offline, offline-plain"
NO_SEARCH = {"type": "agent_toolset_20260401", "configs": [{"name": "web_search", "enabled": False}]}
CAPABILITIES = ("web_search", "web_fetch", "citations", "thinking", "image_input", "pdf_input")


@pytest.fixture(scope="module")
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    folder = tmp_path_factory.mktemp("models")
    catalogue = folder / "models.yaml"
    catalogue.write_text(yaml.safe_dump(CATALOGUE))
    running = Platform(mango_services, folder, extra_env={"MANGO_MODELS_FILE": str(catalogue)})
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("models")


def _agent(http: httpx.Client, model: Any, tools: list[Any] | None = None, name: str = "models") -> httpx.Response:
    return http.post("/v1/agents", json={"name": name, "model": model, "tools": tools or [CUSTOM_TOOL]})


def _refused(response: httpx.Response, *fragments: str) -> str:
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["type"] == "invalid_request_error"
    for fragment in fragments:
        assert fragment in error["message"], error["message"]
    return str(error["message"])


def _session(http: httpx.Client, agent_id: str, budget: dict[str, Any] | None = None) -> str:
    env = http.post("/v1/environments", json={"name": f"models-{os.urandom(4).hex()}"})
    assert env.status_code == 200, env.text
    body = {"agent": agent_id, "environment_id": env.json()["id"], "budget": budget}
    session = http.post("/v1/sessions", json=body)
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _recipes(platform: Platform, session_id: str) -> list[dict[str, Any]]:
    with psycopg.connect(platform.database_url) as conn:
        rows = conn.execute(
            "SELECT mango_request_recipe(id) FROM model_requests WHERE session_id = %s ORDER BY seq", (session_id,)
        )
        return [row[0] for row in rows.fetchall()]


def test_models_list_shows_the_offered_models_and_nothing_of_their_endpoints(
    platform: Platform, tenant: Tenant
) -> None:
    with client(platform, tenant) as http:
        response = http.get("/v1/models")
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["has_more"], body["first_id"], body["last_id"]) == (False, "mango-offline-1", "offline-plain")
    first, plain = body["data"]
    assert first == {
        "type": "model",
        "id": "mango-offline-1",
        "display_name": "mango-offline-1",
        "created_at": "1970-01-01T00:00:00Z",
        "lifecycle": "active",
        "aliases": ["offline"],
        "context_window": 200000,
        "max_input_tokens": 200000,
        "max_output_tokens": 8192,
        "max_tokens": 8192,
        "capabilities": {
            **dict.fromkeys((*CAPABILITIES, "parallel_tool_calls", "prompt_caching"), False),
            "web_search": True,
            "thinking": True,
            "fast_mode": True,
        },
    }
    assert (plain["id"], plain["aliases"], plain["max_output_tokens"]) == ("offline-plain", [], 2048)
    assert not any(plain["capabilities"].values())  # nothing declared: everything off
    for word in ("adapter", "base_url", "credential", "headers", "list_price"):
        assert word not in response.text


def test_an_agent_must_name_an_offered_model(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        refused = _agent(http, "gpt-9")
        _refused(refused, "model 'gpt-9' is not offered by this deployment", f"offered models: {OFFERED}")
        assert refused.json()["error"]["details"] == {"offered_models": ["mango-offline-1", "offline", "offline-plain"]}
        created = _agent(http, "offline")  # an alias
        assert created.status_code == 200, created.text
        assert created.json()["model"] == {"id": "offline", "speed": "standard"}
        agent_id = created.json()["id"]
        _refused(http.post(f"/v1/agents/{agent_id}", json={"model": "claude-nonexistent"}), OFFERED)
        advisor = {"type": "coordinator", "agents": [{"type": "advisor", "model": "gpt-9"}]}
        refused = http.post("/v1/agents", json={"name": "team", "model": "offline", "multiagent": advisor})
        _refused(refused, "multiagent.agents[0].model: model 'gpt-9' is not offered")
        # An update that touches neither the model nor the tools is not re-checked.
        assert http.post(f"/v1/agents/{agent_id}", json={"description": "d"}).status_code == 200


def test_web_search_max_tokens_and_speed_need_a_model_that_honours_them(platform: Platform, tenant: Tenant) -> None:
    toolset = {"type": "agent_toolset_20260401"}  # every built-in enabled, web_search included
    with client(platform, tenant) as http:
        _refused(_agent(http, "offline-plain", [toolset]), "web_search is enabled but 'offline-plain' has no native")
        assert _agent(http, "mango-offline-1", [toolset]).status_code == 200
        without = _agent(http, "offline-plain", [NO_SEARCH])
        assert without.status_code == 200, without.text
        searching = _agent(http, "mango-offline-1", [toolset]).json()["id"]
        _refused(http.post(f"/v1/agents/{searching}", json={"model": "offline-plain"}), "web_search is enabled")
        _refused(_agent(http, {"id": "offline-plain", "max_tokens": 2049}), "model.max_tokens: 2049 exceeds", "2048")
        _refused(_agent(http, {"id": "offline-plain", "speed": "fast"}), "model.speed: 'fast' is not offered")
        fast = _agent(http, {"id": "mango-offline-1", "speed": "fast", "max_tokens": 8192})
        assert fast.status_code == 200, fast.text
        assert fast.json()["model"] == {"id": "mango-offline-1", "speed": "fast", "max_tokens": 8192}


def test_a_session_pins_its_endpoint_and_sends_max_tokens_and_speed(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        fast = _agent(http, {"id": "offline", "speed": "fast", "max_tokens": 1000}).json()["id"]
        sid = _session(http, fast)
        say(http, sid, "hello")
        wait_status(http, sid, "end_turn")
        plain = _agent(http, {"id": "offline-plain", "max_tokens": 5000}, [NO_SEARCH, CUSTOM_TOOL])
        assert plain.status_code == 400  # over the 2,048-token limit
        plain = _agent(http, "offline-plain", [NO_SEARCH, CUSTOM_TOOL])
        plain_sid = _session(http, plain.json()["id"])
        say(http, plain_sid, "hello")
        wait_status(http, plain_sid, "end_turn")
    [recipe] = _recipes(platform, sid)
    assert (recipe["model"], recipe["max_tokens"], recipe["extra"]) == ("offline", 1000, {"speed": "fast"})
    endpoint = recipe["endpoint"]
    assert (endpoint["model"], endpoint["adapter"]) == ("mango-offline-1", "offline")
    assert endpoint["context_window"] == 200000
    assert endpoint["capabilities"]["web_search"]
    assert endpoint["tool_versions"] == {"web_search": "web_search_20250305"}
    assert "base_url" not in recipe
    assert "credential" not in str(recipe)
    [plain_recipe] = _recipes(platform, plain_sid)
    assert plain_recipe["max_tokens"] == 2048
    assert plain_recipe["extra"] == {}
    assert plain_recipe["endpoint"]["model"] == "offline-plain"
    # No native web fetch: the Agent's web_fetch is the platform-managed tool, declared as a regular tool.
    declared = {tool["name"]: tool["kind"] for tool in plain_recipe["tools"]}
    assert declared["web_fetch"] == "custom"
    assert "web_search" not in declared


def test_a_cost_budget_on_an_unpriced_model_stops_at_once(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        agent = _agent(http, "offline-plain").json()["id"]
        sid = _session(http, agent, {"type": "limit", "max_list_cost": {"amount": "5", "currency": "USD"}})
        say(http, sid, "hello")
        wait_status(http, sid, "budget_reached")


def test_a_chat_completions_model_answers_a_turn(mango_services: DevStack, tmp_path: Path) -> None:
    """An ``openai-chat`` entry (a local server without a key, as vLLM or Ollama run) answers a Session's turn."""
    qwen = {
        "id": "local-qwen",
        "adapter": "openai-chat",
        "base_url": "",
        "provider_model": "Qwen/Qwen2.5-7B-Instruct",
        "options": {"max_tokens_field": "max_completion_tokens"},
        "context_window": 32768,
        "max_output_tokens": 4096,
        "capabilities": {"parallel_tool_calls": True},
    }
    with FakeOpenAIServer(api_key=None) as fake:
        catalogue = tmp_path / "models.yaml"
        catalogue.write_text(yaml.safe_dump({"models": [CATALOGUE["models"][0], {**qwen, "base_url": fake.base_url}]}))
        running = Platform(mango_services, tmp_path / "platform", extra_env={"MANGO_MODELS_FILE": str(catalogue)})
        running.start()
        try:
            with client(running, running.create_tenant("chat")) as http:
                listed = [m["id"] for m in http.get("/v1/models").json()["data"]]
                assert listed == ["mango-offline-1", "local-qwen"]
                _refused(_agent(http, "local-qwen", [{"type": "agent_toolset_20260401"}]), "no native web search")
                sid = _session(http, _agent(http, "local-qwen").json()["id"])
                fake.enqueue(ChatReply(content="Hello from a local model."))
                say(http, sid, "hello")
                wait_status(http, sid, "end_turn", timeout=60)
                messages = [e for e in history(http, sid) if e["type"] == "agent.message"]
                assert messages[-1]["content"] == [{"type": "text", "text": "Hello from a local model."}]
            sent = fake.requests[-1]
            assert "authorization" not in sent.headers
            assert sent.json()["model"] == "Qwen/Qwen2.5-7B-Instruct"
            assert sent.json()["max_completion_tokens"] == 4096
            [recipe] = _recipes(running, sid)
            assert recipe["endpoint"]["adapter"] == "openai-chat"
            assert recipe["adapter"]["adapter"] == "openai-chat"
        finally:
            running.stop()


def test_a_role_refuses_an_invalid_catalogue_naming_file_entry_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "models.yaml"
    bad.write_text(yaml.safe_dump({"models": [{**CATALOGUE["models"][1], "capabilities": {"web_search": "soon"}}]}))
    env = {**os.environ, "MANGO_MODELS_FILE": str(bad), "MANGO_DATABASE_URL": "postgresql://127.0.0.1:1/none"}
    for role in ("api", "orchestrator"):
        done = subprocess.run(
            [sys.executable, "-m", "mango_server", role], env=env, capture_output=True, timeout=60, check=False
        )
        assert done.returncode == 2, (role, done.stderr.decode())
        assert f"{bad}: models[0] (offline-plain): capabilities: web_search:" in done.stderr.decode()
