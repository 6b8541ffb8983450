"""Mango's domain: resources, events, tools and run states. No HTTP, SQL, Temporal or model I/O."""
