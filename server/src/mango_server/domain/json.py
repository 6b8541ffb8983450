"""The one name for opaque JSON documents the server stores and passes through.

``JsonObject`` is for data whose shape the server does not own or interpret field by field:
provider content blocks (unknown fields kept byte for byte), public event payloads, Agent
bodies and wire bodies already validated by the generated models. Data the server reasons
about gets a typed row or dataclass instead.
"""

from __future__ import annotations

from typing import Any, TypeAlias

JsonObject: TypeAlias = dict[str, Any]
