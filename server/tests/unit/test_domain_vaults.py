"""Vault rules: server URL keys, credentials refused in MCP URLs, credential parts, updates, public shapes
and secrets that cannot be printed or serialised."""

from __future__ import annotations

import json
import pickle
from datetime import UTC, datetime, timedelta

import pytest
from mango_server.domain._generated import wire
from mango_server.domain.agents import validate_mcp_servers
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.vaults import (
    EnvironmentSecret,
    McpCredential,
    Secret,
    allowed_host,
    check_vault_ids,
    credential_in_url,
    material,
    new_credential,
    public_auth,
    secrets_from_bytes,
    server_url_key,
    updated_credential,
)

NOW = datetime(2030, 1, 1, tzinfo=UTC)
LATER = "2030-01-02T00:00:00Z"


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("https://mcp.example.com/mcp", "https://mcp.example.com/mcp"),
        ("HTTPS://MCP.Example.COM:443/mcp/", "https://mcp.example.com/mcp"),
        ("https://mcp.example.com/mcp?x=1#frag", "https://mcp.example.com/mcp"),
        ("https://mcp.example.com./mcp", "https://mcp.example.com/mcp"),
        ("http://mcp.example.com:80/", "http://mcp.example.com"),
        ("https://mcp.example.com:8443/mcp", "https://mcp.example.com:8443/mcp"),
        ("https://mcp.example.com/MCP", "https://mcp.example.com/MCP"),
        ("http://[::1]:9000/mcp", "http://[::1]:9000/mcp"),
    ],
)
def test_server_url_key_is_scheme_host_port_and_path(url: str, key: str) -> None:
    assert server_url_key(url) == key


@pytest.mark.parametrize(
    ("url", "found"),
    [
        ("https://user:hunter2@mcp.example.com/mcp", "a user:password@ part"),
        ("https://user@mcp.example.com/mcp", "a user:password@ part"),
        ("https://mcp.example.com/mcp?token=hunter2", "the query parameter 'token'"),
        ("https://mcp.example.com/mcp?a=1&Access_Token=hunter2", "the query parameter 'Access_Token'"),
        ("https://mcp.example.com/mcp?api-key=hunter2", "the query parameter 'api-key'"),
        ("https://mcp.example.com/mcp?apikey=x", "the query parameter 'apikey'"),
        ("https://mcp.example.com/mcp?key=x", "the query parameter 'key'"),
        ("https://mcp.example.com/mcp?secret=x", "the query parameter 'secret'"),
        ("https://mcp.example.com/mcp?password=x", "the query parameter 'password'"),
        ("https://mcp.example.com/mcp?auth=x", "the query parameter 'auth'"),
        ("https://mcp.example.com/mcp?region=eu&keys=2", None),
        ("https://mcp.example.com/mcp", None),
    ],
)
def test_credentials_in_urls_are_found_without_repeating_them(url: str, found: str | None) -> None:
    assert credential_in_url(url) == found
    if found:
        assert "hunter2" not in found


def test_an_agent_mcp_url_with_a_credential_is_refused_pointing_to_vaults() -> None:
    for url in ("https://bob:hunter2@mcp.example.com/mcp", "https://mcp.example.com/mcp?access_token=hunter2"):
        with pytest.raises(InvalidRequestError) as refused:
            validate_mcp_servers([{"type": "url", "name": "docs", "url": url}])
        message = refused.value.message
        assert message.startswith("mcp_servers[0].url: the URL carries a credential")
        assert "vault" in message
        assert "docs/vaults.md" in message
        assert "hunter2" not in message
    ok: list[wire.McpServer] = [{"type": "url", "name": "docs", "url": "https://mcp.example.com/mcp?region=eu"}]
    assert validate_mcp_servers(ok) == ok


def test_allowed_hosts_are_bare_names_ipv4_or_wildcards() -> None:
    assert allowed_host("API.Example.com.", "h") == "api.example.com"
    assert allowed_host("*.example.com", "h") == "*.example.com"
    assert allowed_host("192.0.2.1", "h") == "192.0.2.1"
    for bad in ("https://api.example.com", "api.example.com:443", "api.example.com/x", "::1", "*.192.0.2.1", "", "a b"):
        with pytest.raises(InvalidRequestError):
            allowed_host(bad, "h")


def test_vault_ids_are_unique_and_bounded() -> None:
    assert check_vault_ids(["vlt_a", "vlt_b"]) == ["vlt_a", "vlt_b"]
    with pytest.raises(InvalidRequestError, match="twice"):
        check_vault_ids(["vlt_a", "vlt_a"])
    with pytest.raises(InvalidRequestError, match="at most"):
        check_vault_ids([f"vlt_{i}" for i in range(9)])


def test_static_bearer_parts_and_public_shape() -> None:
    spec = new_credential(
        {"type": "static_bearer", "mcp_server_url": "https://MCP.example.com/mcp/", "token": "tok-1"}, now=NOW
    )
    assert spec.kind == "static_bearer"
    assert spec.server_key == "https://mcp.example.com/mcp"
    assert spec.secret_name is None
    assert spec.secrets == {"token": "tok-1"}
    assert "tok-1" not in repr(spec)
    assert "tok-1" not in json.dumps(spec.settings)
    assert secrets_from_bytes(spec.secrets_bytes()) == spec.secrets
    assert public_auth(spec.kind, spec.settings, secrets_stored=True) == {
        "type": "static_bearer",
        "mcp_server_url": "https://MCP.example.com/mcp/",
        "token_set": True,
    }


def test_mcp_oauth_with_refresh_keeps_every_secret_out_of_the_settings() -> None:
    auth: wire.McpOAuthAuthParams = {
        "type": "mcp_oauth",
        "mcp_server_url": "https://mcp.example.com/mcp",
        "access_token": "at-1",
        "expires_at": LATER,
        "refresh": {
            "client_id": "client-1",
            "refresh_token": "rt-1",
            "token_endpoint": "https://auth.example.com/token",
            "token_endpoint_auth": {"type": "client_secret_basic", "client_secret": "cs-1"},
            "scope": "read",
        },
    }
    spec = new_credential(auth, now=NOW)
    assert spec.secrets == {"access_token": "at-1", "refresh_token": "rt-1", "client_secret": "cs-1"}
    stored = json.dumps(spec.settings)
    assert not any(s in stored for s in ("at-1", "rt-1", "cs-1"))
    shown = public_auth(spec.kind, spec.settings, secrets_stored=True)
    assert shown == {
        "type": "mcp_oauth",
        "mcp_server_url": "https://mcp.example.com/mcp",
        "expires_at": "2030-01-02T00:00:00Z",
        "refresh": {
            "client_id": "client-1",
            "token_endpoint": "https://auth.example.com/token",
            "token_endpoint_auth": {"type": "client_secret_basic", "client_secret_set": True},
            "scope": "read",
            "resource": None,
            "refresh_token_set": True,
        },
        "access_token_set": True,
    }
    erased = public_auth(spec.kind, spec.settings, secrets_stored=False)
    assert erased["access_token_set"] is False  # type: ignore[typeddict-item]


def test_mcp_oauth_rules() -> None:
    base: wire.McpOAuthAuthParams = {"type": "mcp_oauth", "mcp_server_url": "https://m.example/x", "access_token": "a"}
    with pytest.raises(InvalidRequestError, match="future"):
        new_credential({**base, "expires_at": "2029-12-31T00:00:00Z"}, now=NOW)
    with pytest.raises(InvalidRequestError, match="RFC 3339"):
        new_credential({**base, "expires_at": "tomorrow"}, now=NOW)
    with pytest.raises(InvalidRequestError, match="carries a credential"):
        new_credential({**base, "mcp_server_url": "https://u:p@m.example/x"}, now=NOW)
    bad_endpoint = {
        "client_id": "c",
        "refresh_token": "r",
        "token_endpoint": "ftp://auth.example/token",
        "token_endpoint_auth": {"type": "none"},
    }
    with pytest.raises(InvalidRequestError, match="token_endpoint"):
        new_credential({**base, "refresh": bad_endpoint}, now=NOW)  # type: ignore[typeddict-item]


def test_updates_replace_sent_secrets_and_keep_the_others() -> None:
    spec = new_credential(
        {
            "type": "mcp_oauth",
            "mcp_server_url": "https://mcp.example.com/mcp",
            "access_token": "at-1",
            "refresh": {
                "client_id": "c",
                "refresh_token": "rt-1",
                "token_endpoint": "https://auth.example.com/token",
                "token_endpoint_auth": {"type": "client_secret_post", "client_secret": "cs-1"},
            },
        },
        now=NOW,
    )
    changed = updated_credential(spec, {"type": "mcp_oauth", "access_token": "at-2", "expires_at": LATER}, now=NOW)
    assert changed.secrets == {"access_token": "at-2", "refresh_token": "rt-1", "client_secret": "cs-1"}
    assert changed.settings["expires_at"] == LATER
    scoped = updated_credential(changed, {"type": "mcp_oauth", "refresh": {"scope": "write"}}, now=NOW)
    assert scoped.secrets == changed.secrets
    assert scoped.settings["refresh"] is not None
    assert scoped.settings["refresh"]["scope"] == "write"
    public = updated_credential(
        scoped, {"type": "mcp_oauth", "refresh": {"token_endpoint_auth": {"type": "none"}}}, now=NOW
    )
    assert public.secrets == {"access_token": "at-2", "refresh_token": "rt-1"}
    removed = updated_credential(public, {"type": "mcp_oauth", "refresh": None}, now=NOW)
    assert removed.settings["refresh"] is None
    assert removed.secrets == {"access_token": "at-2"}
    with pytest.raises(InvalidRequestError, match="refresh settings need"):
        updated_credential(removed, {"type": "mcp_oauth", "refresh": {"scope": "x"}}, now=NOW)
    with pytest.raises(InvalidRequestError, match="cannot change"):
        updated_credential(removed, {"type": "static_bearer", "token": "t"}, now=NOW)


def test_environment_variable_defaults_hosts_and_injection() -> None:
    spec = new_credential(
        {
            "type": "environment_variable",
            "secret_name": "GITHUB_TOKEN",
            "secret_value": "ghp-1",
            "networking": {
                "type": "limited",
                "allowed_hosts": ["API.github.com", "api.github.com", "*.githubusercontent.com"],
            },
        },
        now=NOW,
    )
    assert spec.secret_name == "GITHUB_TOKEN"
    assert spec.server_key is None
    assert public_auth(spec.kind, spec.settings, secrets_stored=True) == {
        "type": "environment_variable",
        "secret_name": "GITHUB_TOKEN",
        "networking": {"type": "limited", "allowed_hosts": ["api.github.com", "*.githubusercontent.com"]},
        "injection_location": {"header": True, "body": False},
        "secret_value_set": True,
    }
    body_too = updated_credential(spec, {"type": "environment_variable", "injection_location": {"body": True}}, now=NOW)
    assert (body_too.settings["header"], body_too.settings["body"]) == (True, True)
    with pytest.raises(InvalidRequestError, match="both be false"):
        updated_credential(spec, {"type": "environment_variable", "injection_location": {"header": False}}, now=NOW)
    with pytest.raises(InvalidRequestError, match="secret_name"):
        new_credential(
            {
                "type": "environment_variable",
                "secret_name": "1BAD",
                "secret_value": "v",
                "networking": {"type": "limited", "allowed_hosts": ["a.example"]},
            },
            now=NOW,
        )


def test_material_is_typed_and_its_secrets_never_print_or_serialise() -> None:
    spec = new_credential(
        {
            "type": "mcp_oauth",
            "mcp_server_url": "https://mcp.example.com/mcp",
            "access_token": "at-secret",
            "expires_at": LATER,
            "refresh": {
                "client_id": "c",
                "refresh_token": "rt-secret",
                "token_endpoint": "https://auth.example.com/token",
                "token_endpoint_auth": {"type": "client_secret_basic", "client_secret": "cs-secret"},
            },
        },
        now=NOW,
    )
    found = material("vlt_1", "vcrd_1", spec)
    assert isinstance(found, McpCredential)
    assert found.token.reveal() == "at-secret"
    assert found.expires_at == NOW + timedelta(days=1)
    assert found.refresh is not None
    assert found.refresh.client_secret is not None
    assert found.refresh.refresh_token.reveal() == "rt-secret"
    text = f"{found!r} {found} {found.token} {found.token:>20}"
    assert not any(s in text for s in ("at-secret", "rt-secret", "cs-secret"))
    with pytest.raises(TypeError):
        json.dumps(found.token)
    with pytest.raises(TypeError):
        pickle.dumps(found)
    assert Secret("a") == Secret("a")
    assert Secret("a") != Secret("b")

    env = material(
        "vlt_1",
        "vcrd_2",
        new_credential(
            {
                "type": "environment_variable",
                "secret_name": "K",
                "secret_value": "v-secret",
                "networking": {"type": "limited", "allowed_hosts": ["a.example"]},
            },
            now=NOW,
        ),
    )
    assert isinstance(env, EnvironmentSecret)
    assert env.allowed_hosts == ("a.example",)
    assert env.header
    assert not env.body
    assert "v-secret" not in repr(env)
