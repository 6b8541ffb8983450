# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Contains endpoint functions for accessing the API"""
