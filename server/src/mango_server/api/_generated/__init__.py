# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Wire models and the route table rendered from openapi/mango.yaml.

``models`` holds one pydantic v2 model per ``components/schemas`` entry; ``routes`` holds one
``Route`` per operation and ``OPERATION_IDS``; ``errors`` holds the error catalogue
(``ERROR_STATUS``). Change the spec and run ``make generate``.
"""
