"""Builds the configured ``ModelClient``.

Role: turn settings-like values (``MANGO_MODEL_PROVIDER``, base URL, API key, timeouts,
retries) into an ``OfflineModel`` or a ``MessagesClient`` at process start.

Not responsible for: reading the environment (the settings object does) or closing the
client (its owner calls ``aclose()`` on a ``MessagesClient``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import httpx

from mango_server.domain.model_windows import ModelWindow

from ._types import ModelClient
from .messages import MessagesClient
from .offline import OfflineModel

__all__ = ["ModelProvider", "build_model_client"]

ModelProvider = Literal["offline", "messages"]


def build_model_client(
    provider: str,
    *,
    base_url: str = "https://api.anthropic.com",
    api_key: str = "",
    connect_timeout: float = 10.0,
    read_timeout: float = 600.0,
    max_retries: int = 4,
    stream: bool = True,
    windows: Mapping[str, ModelWindow] | None = None,
) -> ModelClient:
    """Return the model client for ``provider`` (``"offline"`` or ``"messages"``).

    ``windows`` are the operator's model window entries; the offline model refuses by them.

    Raises:
        ValueError: unknown provider, or the Messages provider without a base URL or key.
            Messages name the setting, never its value.
    """
    if provider == "offline":
        return OfflineModel(windows)
    if provider != "messages":
        raise ValueError(f"MANGO_MODEL_PROVIDER must be 'offline' or 'messages', got {provider!r}")
    if not base_url:
        raise ValueError("MANGO_MODEL_BASE_URL is required when MANGO_MODEL_PROVIDER=messages")
    if not api_key:
        raise ValueError("MANGO_MODEL_API_KEY is required when MANGO_MODEL_PROVIDER=messages")
    timeout = httpx.Timeout(read_timeout, connect=connect_timeout)
    return MessagesClient(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries, stream=stream)
