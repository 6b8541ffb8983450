# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Generated attrs models and httpx endpoint functions for the Mango API (see ``mango`` for the client)."""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
