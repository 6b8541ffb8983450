"""Mango's code generators: one entry point renders every target from ``openapi/mango.yaml``.

The package loads and checks the spec (``_spec``), asks each target module for its files
(``server_models``, ``python_client``, ``typescript``, ``go``) and writes them with a manifest
(``_manifest``). It holds no hand-written SDK or server code; those live beside their
generated folders and are never touched here.
"""

from __future__ import annotations

__all__: list[str] = []
