"""The SDK version, sent in ``User-Agent``; bumped by releases only."""

from __future__ import annotations

__version__ = "0.1.0"
