"""Marks examples/ as a package so its tests import as ``examples.tests``, not a top-level ``tests``.

A top-level ``tests`` would shadow the server's ``tests.support`` stand-ins that the example tests use.
The examples themselves are standalone scripts and import nothing from here.
"""
