# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Generated attrs models, resource namespaces and union decoders for the Mango API (see ``mango`` for the client)."""
