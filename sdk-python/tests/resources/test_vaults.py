"""``client.vaults`` and ``client.vaults.credentials``: routes, bodies and decoded shapes, sync and async.

Secrets go out in create and update bodies; the answers carry only ``*_set`` flags and decode into
the typed auth variants.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import respx
from mango import AsyncMango, Mango
from mango.types import McpOAuthAuth, StaticBearerAuth, Vault, VaultCredential

BASE = "http://mango.test"
VAULT = {
    "type": "vault",
    "id": "vlt_1",
    "display_name": "keys",
    "metadata": {"team": "a"},
    "created_at": "2030-01-01T00:00:00Z",
    "updated_at": "2030-01-01T00:00:00Z",
    "archived_at": None,
}
BEARER = {
    "type": "vault_credential",
    "id": "vcrd_1",
    "vault_id": "vlt_1",
    "display_name": None,
    "metadata": {},
    "auth": {"type": "static_bearer", "mcp_server_url": "https://mcp.example.com/mcp", "token_set": True},
    "created_at": "2030-01-01T00:00:00Z",
    "updated_at": "2030-01-01T00:00:00Z",
    "archived_at": None,
}
OAUTH = {
    **BEARER,
    "id": "vcrd_2",
    "auth": {
        "type": "mcp_oauth",
        "mcp_server_url": "https://mcp.example.com/other",
        "expires_at": "2030-02-01T00:00:00Z",
        "refresh": {
            "client_id": "c",
            "token_endpoint": "https://auth.example.com/token",
            "token_endpoint_auth": {"type": "client_secret_basic", "client_secret_set": True},
            "scope": None,
            "resource": None,
            "refresh_token_set": True,
        },
        "access_token_set": True,
    },
}


@respx.mock
def test_vault_routes(make_client: Callable[..., Mango]) -> None:
    created = respx.post(f"{BASE}/v1/vaults").mock(return_value=httpx.Response(200, json=VAULT))
    respx.get(f"{BASE}/v1/vaults/vlt_1").mock(return_value=httpx.Response(200, json=VAULT))
    listed = respx.get(f"{BASE}/v1/vaults").mock(
        return_value=httpx.Response(200, json={"data": [VAULT], "next_page": None})
    )
    updated = respx.post(f"{BASE}/v1/vaults/vlt_1").mock(return_value=httpx.Response(200, json=VAULT))
    archived = respx.post(f"{BASE}/v1/vaults/vlt_1/archive").mock(
        return_value=httpx.Response(200, json={**VAULT, "archived_at": "2030-01-02T00:00:00Z"})
    )
    respx.delete(f"{BASE}/v1/vaults/vlt_1").mock(
        return_value=httpx.Response(200, json={"type": "vault_deleted", "id": "vlt_1"})
    )
    client = make_client()
    vault = client.vaults.create(display_name="keys", metadata={"team": "a"})
    assert isinstance(vault, Vault)
    assert json.loads(created.calls[0].request.content) == {"display_name": "keys", "metadata": {"team": "a"}}
    assert client.vaults.get("vlt_1").display_name == "keys"
    assert [v.id for v in client.vaults.list(include_archived=True)] == ["vlt_1"]
    assert listed.calls[0].request.url.params["include_archived"] == "true"
    client.vaults.update("vlt_1", metadata={"team": None})
    assert json.loads(updated.calls[0].request.content) == {"metadata": {"team": None}}
    assert client.vaults.archive("vlt_1").archived_at is not None
    assert archived.called
    assert client.vaults.delete("vlt_1").id == "vlt_1"


@respx.mock
def test_credential_routes_send_secrets_and_decode_flags(make_client: Callable[..., Mango]) -> None:
    created = respx.post(f"{BASE}/v1/vaults/vlt_1/credentials").mock(return_value=httpx.Response(200, json=BEARER))
    respx.get(f"{BASE}/v1/vaults/vlt_1/credentials").mock(
        return_value=httpx.Response(200, json={"data": [OAUTH, BEARER], "next_page": None})
    )
    respx.get(f"{BASE}/v1/vaults/vlt_1/credentials/vcrd_2").mock(return_value=httpx.Response(200, json=OAUTH))
    updated = respx.post(f"{BASE}/v1/vaults/vlt_1/credentials/vcrd_1").mock(
        return_value=httpx.Response(200, json=BEARER)
    )
    respx.delete(f"{BASE}/v1/vaults/vlt_1/credentials/vcrd_1").mock(
        return_value=httpx.Response(200, json={"type": "vault_credential_deleted", "id": "vcrd_1"})
    )
    client = make_client()
    auth = {"type": "static_bearer", "mcp_server_url": "https://mcp.example.com/mcp", "token": "tok"}
    credential = client.vaults.credentials.create("vlt_1", auth=auth)
    assert isinstance(credential, VaultCredential)
    assert isinstance(credential.auth, StaticBearerAuth)
    assert credential.auth.token_set is True
    assert json.loads(created.calls[0].request.content) == {"auth": auth}
    listed = list(client.vaults.credentials.list("vlt_1"))
    assert [c.id for c in listed] == ["vcrd_2", "vcrd_1"]
    oauth = client.vaults.credentials.get("vlt_1", "vcrd_2")
    assert isinstance(oauth.auth, McpOAuthAuth)
    assert oauth.auth.refresh is not None
    assert oauth.auth.refresh.refresh_token_set is True
    client.vaults.credentials.update("vlt_1", "vcrd_1", auth={"type": "static_bearer", "token": "tok-2"})
    assert json.loads(updated.calls[0].request.content) == {"auth": {"type": "static_bearer", "token": "tok-2"}}
    assert client.vaults.credentials.delete("vlt_1", "vcrd_1").id == "vcrd_1"


@respx.mock
async def test_async_credentials(make_async_client: Callable[..., AsyncMango]) -> None:
    respx.get(f"{BASE}/v1/vaults/vlt_1/credentials/vcrd_1").mock(return_value=httpx.Response(200, json=BEARER))
    async with make_async_client() as client:
        credential = await client.vaults.credentials.get("vlt_1", "vcrd_1")
    assert credential.vault_id == "vlt_1"
