"""The tool plane's outbound side: the egress guard, the MCP connector and the managed fetch.

Responsible for talking to the outside world on an Agent's behalf, always through
``tools.egress``. Not responsible for permission decisions (``domain.tools``) or persistence.
"""
