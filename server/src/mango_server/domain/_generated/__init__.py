# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Domain code rendered from openapi/mango.yaml.

``events`` holds the typed payload of every event the ledger stores (``EventType``,
``EventPayload`` and one class per event type). Change the spec and run ``make generate``.
"""
