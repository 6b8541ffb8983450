"""Use cases: admission of client input, resource operations and the turn engine.

Transport-neutral: called by HTTP handlers and Temporal activities alike.
"""
