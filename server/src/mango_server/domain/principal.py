"""Who is calling: the authenticated principal every use case is scoped by.

A principal carries one Workspace scope plus, for the narrower credentials, the Environment,
Session or Work it may reach. Built by ``app.auth``; never holds the bearer value itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PrincipalKind = Literal["WorkspaceKey", "EnvironmentKey", "SessionToken"]


@dataclass(frozen=True)
class Principal:
    """The Workspace scope, plus the narrower scope of non-Workspace credentials."""

    kind: PrincipalKind
    workspace_id: str
    key_id: str
    environment_id: str | None = None
    session_id: str | None = None
    work_id: str | None = None
