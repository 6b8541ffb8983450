"""Credentials at the MCP transport boundary, against real MCP servers on loopback that require bearer
tokens: the token is sent as ``Authorization: Bearer``, a 401 is told apart (with or without a
token, never naming it), the legacy HTTP+SSE transport is used where streamable HTTP is refused,
and the refresh-token grant authenticates the client as configured (``none``, ``client_secret_basic``,
``client_secret_post``) with scope, resource and rotation, and fails with a public message."""

from __future__ import annotations

import asyncio

import pytest
from mango_server.domain.vaults import OAuthRefresh, Secret
from mango_server.tools import oauth_refresh
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.mcp_connector import McpConnector, McpUnauthorized

from tests.support.oauth_mcp import CLIENT_ID, CLIENT_SECRET, Issuer, OAuthMcpServer

ALLOW_LOOPBACK = EgressPolicy.from_setting("127.0.0.1/32")


@pytest.mark.parametrize("transport", ["streamable", "sse"])
async def test_a_token_is_sent_and_a_401_is_told_apart(transport: str) -> None:
    with OAuthMcpServer(transport=transport) as server:  # type: ignore[arg-type]
        connector = McpConnector(ALLOW_LOOPBACK, timeout_seconds=10)
        token = server.issuer.mint_access()
        found = await connector.discover(server.url, Secret(token))
        assert [t["name"] for t in found.tools] == ["whoami"]
        result = await connector.call(server.url, "whoami", {}, Secret(token))
        assert (result.text, result.is_error) == (f"hello {CLIENT_ID}", False)
        with pytest.raises(McpUnauthorized) as missing:
            await connector.discover(server.url)
        assert not missing.value.with_token
        assert "vault" in str(missing.value)
        server.issuer.expire(token)
        with pytest.raises(McpUnauthorized) as refused:
            await connector.call(server.url, "whoami", {}, Secret(token))
        assert refused.value.with_token
        assert not refused.value.maybe_sent  # the server refused it before running anything
        assert token not in str(refused.value)
        assert server.calls["whoami"] == 1


def _settings(server: OAuthMcpServer, refresh_token: str, *, scope: str | None = "tools:read") -> OAuthRefresh:
    auth = server.issuer.client_auth
    return OAuthRefresh(
        client_id=CLIENT_ID,
        token_endpoint=server.token_url,
        token_endpoint_auth=auth,
        refresh_token=Secret(refresh_token),
        client_secret=None if auth == "none" else Secret(CLIENT_SECRET),
        scope=scope,
        resource=server.url,
    )


@pytest.mark.parametrize("auth", ["none", "client_secret_basic", "client_secret_post"])
async def test_the_refresh_grant_authenticates_the_client_as_configured(auth: str) -> None:
    with OAuthMcpServer(Issuer(client_auth=auth, rotate=True)) as server:  # type: ignore[arg-type]
        refresh_token = server.issuer.mint_refresh()
        grant = await oauth_refresh.refresh(ALLOW_LOOPBACK, _settings(server, refresh_token))
        assert server.issuer.valid(grant.access_token.reveal())
        assert grant.expires_in == 3600
        assert grant.refresh_token is not None  # rotated
        assert grant.refresh_token.reveal() in server.issuer.refresh
        [form] = server.issuer.requests
        assert (form["grant_type"], form["refresh_token"]) == ("refresh_token", refresh_token)
        assert (form["scope"], form["resource"]) == ("tools:read", server.url)
        assert ("client_id" in form) == (auth != "client_secret_basic")
        assert ("client_secret" in form) == (auth == "client_secret_post")
        # The spent refresh token (rotation) is refused with a public message that names no token.
        with pytest.raises(oauth_refresh.RefreshError) as spent:
            await oauth_refresh.refresh(ALLOW_LOOPBACK, _settings(server, refresh_token))
        assert str(spent.value) == "the token endpoint refused the refresh with HTTP 400 (invalid_grant)"
        assert refresh_token not in str(spent.value)


async def test_a_token_endpoint_outside_the_egress_policy_or_down_fails_publicly() -> None:
    with OAuthMcpServer() as server:
        settings = _settings(server, server.issuer.mint_refresh(), scope=None)
        with pytest.raises(oauth_refresh.RefreshError, match="egress policy"):
            await oauth_refresh.refresh(EgressPolicy(), settings)
        assert server.issuer.requests == []
    with pytest.raises(oauth_refresh.RefreshError, match="could not be reached"):
        await oauth_refresh.refresh(ALLOW_LOOPBACK, settings)


async def test_a_scope_reuses_one_live_session_until_its_token_changes_or_it_idles() -> None:
    with OAuthMcpServer() as server:
        connector = McpConnector(ALLOW_LOOPBACK, timeout_seconds=10, idle_seconds=60)
        try:
            token = Secret(server.issuer.mint_access())
            await connector.discover(server.url, token, scope="sess_a")
            for _ in range(3):
                result = await connector.call(server.url, "whoami", {}, token, scope="sess_a")
                assert result.text == f"hello {CLIENT_ID}"
            assert (server.calls["initialize"], server.calls["whoami"]) == (1, 3)  # one session, four operations
            assert connector.live_sessions == 1

            await connector.call(server.url, "whoami", {}, token, scope="sess_b")  # another Thread: its own
            assert (server.calls["initialize"], connector.live_sessions) == (2, 2)

            renewed = Secret(server.issuer.mint_access())  # a refreshed token replaces the Thread's session
            await connector.call(server.url, "whoami", {}, renewed, scope="sess_a")
            assert (server.calls["initialize"], connector.live_sessions) == (3, 2)

            server.issuer.expire(renewed.reveal())  # the live session's token stops working: a 401, not reuse
            with pytest.raises(McpUnauthorized):
                await connector.call(server.url, "whoami", {}, renewed, scope="sess_a")
            assert connector.live_sessions == 1  # a failed session is closed
        finally:
            await connector.aclose()
        assert connector.live_sessions == 0

        idling = McpConnector(ALLOW_LOOPBACK, timeout_seconds=10, idle_seconds=0.3)
        try:
            await idling.call(server.url, "whoami", {}, token, scope="sess_c")
            await asyncio.sleep(1.5)  # the sweeper runs every idle period
            assert idling.live_sessions == 0  # idle sessions are closed
        finally:
            await idling.aclose()
        assert server.calls["whoami"] == 6
