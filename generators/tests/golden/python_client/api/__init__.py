# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Contains methods for accessing the API"""
