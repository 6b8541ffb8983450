"""The public clients: ``Mango`` (sync) and ``AsyncMango`` (async).

Each composes the transport (``mango._base_client``) with the generated resource namespaces
(``mango._generated.resources``), so ``client.sessions.events.stream(session_id)`` is the
``sessions.events.stream`` operation of the spec. ``client.files`` and ``client.skills`` are the
generated namespaces extended with streaming transfer helpers (``mango._transfer_resources``).

Lifecycle: create one client, reuse it for every call, close it (``with Mango() as client:``).
Not responsible for any per-operation code: that is generated from ``openapi/mango.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from ._base_client import DEFAULT_TIMEOUT, AsyncAPIClient, SyncAPIClient, Timeout
from ._generated.async_resources import AsyncMangoResources
from ._generated.resources import MangoResources
from ._retry import RetryPolicy
from ._transfer_resources import AsyncFileTransfers, AsyncSkillTransfers, FileTransfers, SkillTransfers

__all__ = ["AsyncMango", "Mango"]


class Mango(SyncAPIClient, MangoResources):
    """Synchronous Mango client.

    Example::

        with Mango(base_url="http://127.0.0.1:8000", api_key="...") as client:
            for agent in client.agents.list(limit=20):
                print(agent.id)
    """

    files: FileTransfers
    skills: SkillTransfers

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        retry_policy: RetryPolicy | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        """Args: see ``mango._base_client.SyncAPIClient``; ``api_key`` and ``base_url`` default to
        ``MANGO_API_KEY`` and ``MANGO_BASE_URL``."""
        SyncAPIClient.__init__(
            self,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry_policy=retry_policy,
            default_headers=default_headers,
            http_client=http_client,
        )
        MangoResources.__init__(self, self)
        self.files = FileTransfers(self)
        self.skills = SkillTransfers(self)


class AsyncMango(AsyncAPIClient, AsyncMangoResources):
    """Async twin of ``Mango`` (``async with AsyncMango() as client: await client.agents.get(...)``)."""

    files: AsyncFileTransfers
    skills: AsyncSkillTransfers

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        retry_policy: RetryPolicy | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        AsyncAPIClient.__init__(
            self,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry_policy=retry_policy,
            default_headers=default_headers,
            http_client=http_client,
        )
        AsyncMangoResources.__init__(self, self)
        self.files = AsyncFileTransfers(self)
        self.skills = AsyncSkillTransfers(self)
