"""Tests that run the examples against a real Mango (a package so they can share ``_quickstarts``)."""
