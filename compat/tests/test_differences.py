"""Where Mango deliberately differs from the hosted managed-agents API, the official client gets the
documented answer (docs/compatibility.md, "Using the official managed-agents clients"):

- no version or beta headers are required;
- credentials are Mango's own keys, sent as ``Authorization: Bearer`` (the client sends ``api_key``
  and ``auth_token`` that way); an ``X-Api-Key`` header alone is 401 ``authentication_error``;
- routes left out on purpose (``x-mango-omitted``: Session resources, Work metadata, credential archive
  and validation) answer 404 ``not_supported``;
- ``system.message`` events and ``file`` Session resources are 400 ``invalid_request_error``;
- a toolset-wide ``always_ask`` disables ``web_search`` (it cannot pause) and says so in ``warnings``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anthropic
import pytest
import yaml
from mango_server.devstack import Platform, Tenant

from ._flow import MODEL, new_session, unique

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]
SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi" / "mango.yaml").read_text(encoding="utf-8"))


def _error(exc: pytest.ExceptionInfo[anthropic.APIStatusError]) -> dict[str, Any]:
    body = exc.value.body
    assert isinstance(body, dict), body
    error = body["error"]
    assert isinstance(error, dict)
    return error


def test_no_version_or_beta_header_is_required(official: anthropic.Anthropic) -> None:
    without = {"anthropic-beta": anthropic.omit, "anthropic-version": anthropic.omit}
    agent = official.beta.agents.create(name=unique("compat-headerless"), model=MODEL, extra_headers=without)
    raw = official.beta.agents.with_raw_response.retrieve(agent.id, extra_headers=without)
    assert "anthropic-beta" not in raw.http_request.headers
    assert raw.parse().id == agent.id


def test_credentials_are_bearer_keys(compat_platform: Platform, compat_tenant: Tenant) -> None:
    key = compat_tenant.api_key
    # The client sends `api_key` and `auth_token` alike as `Authorization: Bearer`: both work.
    with anthropic.Anthropic(base_url=compat_platform.base_url, auth_token=key, max_retries=0) as client:
        assert client.beta.agents.list().data is not None
    with anthropic.Anthropic(base_url=compat_platform.base_url, api_key=key, max_retries=0) as client:
        raw = client.beta.agents.with_raw_response.list()
        assert raw.http_request.headers["authorization"] == f"Bearer {key}"
        # An `X-Api-Key` header alone (older clients, hand-made requests) is not a Mango credential.
        with pytest.raises(anthropic.AuthenticationError) as refused:
            client.beta.agents.list(extra_headers={"Authorization": anthropic.omit, "X-Api-Key": key})
    error = _error(refused)
    assert error["type"] == "authentication_error"
    assert "auth_token" in error["message"]


def test_session_resources_are_not_supported(official: anthropic.Anthropic) -> None:
    session = new_session(official, "compat-resources")
    calls = [
        lambda: official.beta.sessions.resources.list(session.id),
        lambda: official.beta.sessions.resources.add(session.id, type="file", file_id="file_x"),
        lambda: official.beta.sessions.resources.retrieve("sesrsc_x", session_id=session.id),
        lambda: official.beta.sessions.resources.delete("sesrsc_x", session_id=session.id),
    ]
    for call in calls:
        with pytest.raises(anthropic.NotFoundError) as refused:
            call()
        error = _error(refused)
        assert error["type"] == "not_supported"
        assert "Memory Store attachments" in error["message"]
    with pytest.raises(anthropic.BadRequestError) as refused:
        official.beta.sessions.create(
            agent=session.agent.id,
            environment_id=session.environment_id,
            resources=[{"type": "file", "file_id": "file_x"}],  # type: ignore[list-item]
        )
    assert _error(refused)["type"] == "invalid_request_error"


def _omitted(route: str) -> bool:
    return route in {r["path"] for r in SPEC["x-mango-omitted"]["routes"]}


def test_work_metadata_and_credential_archive_are_not_supported(official: anthropic.Anthropic) -> None:
    env = official.beta.environments.create(name=unique("compat-work-metadata"))
    calls = {
        "POST /v1/environments/{environment_id}/work/{work_id}": lambda: official.beta.environments.work.update(
            "work_x", environment_id=env.id, metadata={"k": "v"}
        ),
        "POST /v1/vaults/{vault_id}/credentials/{credential_id}/archive": lambda: (
            official.beta.vaults.credentials.archive("vcrd_x", vault_id="vlt_x")
        ),
        "POST /v1/vaults/{vault_id}/credentials/{credential_id}/mcp_oauth_validate": lambda: (
            official.beta.vaults.credentials.mcp_oauth_validate("vcrd_x", vault_id="vlt_x")
        ),
    }
    assert _omitted("POST /v1/environments/{environment_id}/work/{work_id}")
    for route, call in calls.items():
        if not _omitted(route):
            continue  # the contract implements it now
        with pytest.raises(anthropic.NotFoundError) as refused:
            call()
        assert _error(refused)["type"] == "not_supported", route


def test_system_message_events_are_refused(official: anthropic.Anthropic) -> None:
    session = new_session(official, "compat-system-message")
    with pytest.raises(anthropic.BadRequestError) as refused:
        official.beta.sessions.events.send(
            session.id, events=[{"type": "system.message", "content": [{"type": "text", "text": "be brief"}]}]
        )
    assert _error(refused)["type"] == "invalid_request_error"


def test_toolset_wide_always_ask_disables_web_search_with_a_warning(official: anthropic.Anthropic) -> None:
    agent = official.beta.agents.create(
        name=unique("compat-ask-all"),
        model=MODEL,
        tools=[{"type": "agent_toolset_20260401", "default_config": {"permission_policy": {"type": "always_ask"}}}],
    )
    toolset = agent.tools[0]
    configs = {c.name: c for c in toolset.configs}
    assert configs["bash"].permission_policy.type == "always_ask"
    assert configs["web_fetch"].enabled is True  # answered by the platform-managed executor, which can pause
    assert configs["web_search"].enabled is False
    warnings = agent.to_dict()["warnings"]
    assert [(w["type"], w["tool_name"]) for w in warnings] == [("tool_disabled", "web_search")]
    # Asked for by name, the same policy is refused: web_search cannot pause.
    with pytest.raises(anthropic.BadRequestError):
        official.beta.agents.create(
            name=unique("compat-ask-web-search"),
            model=MODEL,
            tools=[
                {
                    "type": "agent_toolset_20260401",
                    "configs": [{"name": "web_search", "permission_policy": {"type": "always_ask"}}],
                }
            ],
        )
