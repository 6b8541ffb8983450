"""A small MCP server that requires OAuth, with the token endpoint that issues its tokens.

Built with the `mcp` SDK's server side: `MCPServer` with a `TokenVerifier`, so the SDK's bearer
middleware answers 401 to a request without a valid access token. One process serves, on
http://127.0.0.1:PORT:

- `/mcp`: the MCP server (streamable HTTP), one tool: `read_notes()`;
- `/token`: the OAuth 2.0 token endpoint, refresh-token grant only, public client `notes-app`
  (`token_endpoint_auth: none`); refresh tokens rotate (each is spent by its use);
- `/demo/authorize` (POST): issues a first access and refresh token, standing in for the
  authorization-code flow a real application runs with a person in the loop;
- `/demo/expire` (POST): expires every access token now, as an authorization server may at any time;
- `/demo/stats` (GET): how many refreshes the token endpoint answered.

Tokens live in memory. Run:  python examples/mcp-with-oauth/notes_server.py PORT
"""

from __future__ import annotations

import secrets
import sys
import time

import uvicorn
from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

CLIENT_ID = "notes-app"
ACCESS_SECONDS = 3600
ACCESS: dict[str, float] = {}  # access token -> expiry (epoch seconds)
REFRESH: set[str] = set()
STATS = {"refreshes": 0}


def issue() -> dict[str, object]:
    access, refresh = "at-" + secrets.token_urlsafe(24), "rt-" + secrets.token_urlsafe(24)
    ACCESS[access] = time.time() + ACCESS_SECONDS
    REFRESH.add(refresh)
    return {"access_token": access, "token_type": "Bearer", "expires_in": ACCESS_SECONDS, "refresh_token": refresh}


class Verifier:
    def __init__(self, resource: str) -> None:
        self.resource = resource

    async def verify_token(self, token: str) -> AccessToken | None:
        if ACCESS.get(token, 0.0) <= time.time():
            return None
        return AccessToken(token=token, client_id=CLIENT_ID, scopes=["notes:read"], resource=self.resource)


def build(port: int) -> object:
    base = f"http://127.0.0.1:{port}"
    auth = AuthSettings(issuer_url=base, resource_server_url=f"{base}/mcp", validate_token_resource=True)  # type: ignore[arg-type]
    mcp = MCPServer("notes", version="1.0.0", token_verifier=Verifier(f"{base}/mcp"), auth=auth)

    @mcp.tool(description="Read the team's notes (needs the notes:read scope).")
    def read_notes() -> str:
        return "notes: ship the OAuth example; rotate refresh tokens"

    @mcp.custom_route("/token", methods=["POST"])
    async def token(request: Request) -> Response:
        form = await request.form()
        if form.get("client_id") != CLIENT_ID:
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        if form.get("grant_type") != "refresh_token":
            return JSONResponse({"error": "unsupported_grant_type"}, status_code=400)
        presented = str(form.get("refresh_token", ""))
        if presented not in REFRESH:
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        REFRESH.discard(presented)  # rotation: a refresh token is used once
        STATS["refreshes"] += 1
        return JSONResponse(issue())

    @mcp.custom_route("/demo/authorize", methods=["POST"])
    async def authorize(request: Request) -> Response:
        return JSONResponse(issue())

    @mcp.custom_route("/demo/expire", methods=["POST"])
    async def expire(request: Request) -> Response:
        for access in ACCESS:
            ACCESS[access] = 0.0
        return JSONResponse({"expired": len(ACCESS)})

    @mcp.custom_route("/demo/stats", methods=["GET"])
    async def stats(request: Request) -> Response:
        return JSONResponse(STATS)

    return mcp.streamable_http_app(json_response=True, stateless_http=True)


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8766
    uvicorn.run(build(port), host="127.0.0.1", port=port, log_level="warning")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
