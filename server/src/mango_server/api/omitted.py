"""Reference routes Mango deliberately leaves out: they answer 404 ``not_supported`` with the reason.

The managed-agents clients still offer these routes (Session resources, vault credential archive
and validation, Work metadata merge-patch). A bare ``not_found_error`` ("no such route") would
read as a typo or a missing resource; ``not_supported`` says the route is known and left out on
purpose, and why. The table is the spec's ``x-mango-omitted.routes``, verbatim (a unit test keeps
the two equal): a route is ``[METHOD ]path``, ``{name}`` matches one segment and a trailing
``/...`` matches the path and everything below it. Not responsible for routes the spec
implements, or for unknown paths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

ERROR_TYPE: Final = "not_supported"


@dataclass(frozen=True)
class OmittedRoute:
    """One ``x-mango-omitted.routes`` entry."""

    path: str
    reason: str

    def matches(self, method: str, path: str) -> bool:
        wanted, _, pattern = self.path.rpartition(" ")
        if wanted and wanted != method.upper():
            return False
        return _regex(pattern).fullmatch(path) is not None


OMITTED_ROUTES: Final = (
    OmittedRoute(
        "POST /v1/vaults/{vault_id}/credentials/{credential_id}/archive",
        "Delete the credential instead; archiving its vault erases every secret in it.",
    ),
    OmittedRoute(
        "POST /v1/vaults/{vault_id}/credentials/{credential_id}/mcp_oauth_validate",
        "No credential validation probe in this slice.",
    ),
    OmittedRoute(
        "/v1/sessions/{session_id}/resources/...", "Resources are Memory Store attachments fixed at creation."
    ),
    OmittedRoute("POST /v1/environments/{environment_id}/work/{work_id}", "No Work metadata merge-patch."),
)


def _regex(pattern: str) -> re.Pattern[str]:
    below = pattern.endswith("/...")
    base = pattern.removesuffix("/...")
    body = "".join("[^/]+" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{[^}]+\})", base))
    return re.compile(body + ("(?:/.*)?" if below else ""))


def omitted(method: str, path: str) -> OmittedRoute | None:
    """The omitted route ``method path`` falls under, if any."""
    return next((route for route in OMITTED_ROUTES if route.matches(method, path)), None)


def message(route: OmittedRoute) -> str:
    """The ``not_supported`` error message for a request under ``route``."""
    return f"{route.path} is not supported by Mango: {route.reason} See docs/compatibility.md."
