"""Embedded backing services for ``mango dev`` and the integration test sessions.

:class:`DevStack` runs PostgreSQL, Temporal, NATS and SeaweedFS (S3) as supervised child
processes on 127.0.0.1 under one state directory and hands out the ``MANGO_*`` settings that
point Mango at them. Test suites get it through ``mango_server.devstack.pytest_plugin``.
This package is not responsible for the Mango processes, migrations or production deployments.
"""

from __future__ import annotations

from ._databases import FreshDatabase, Migrate, clone_database, create_template, drop_database
from ._platform import Platform, Tenant
from ._ports import DEFAULT_PORTS, PortPolicy
from ._process import ServiceStartError
from ._stack import DevStack

__all__ = [
    "DEFAULT_PORTS",
    "DevStack",
    "FreshDatabase",
    "Migrate",
    "Platform",
    "PortPolicy",
    "ServiceStartError",
    "Tenant",
    "clone_database",
    "create_template",
    "drop_database",
]
