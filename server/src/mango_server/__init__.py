"""Mango control plane: HTTP API, durable Session orchestration, storage and the ``mango`` command."""
