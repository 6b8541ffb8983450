"""One item's egress proxy, from its Session's secrets to a running proxy the container mounts.

:meth:`EgressProvider.for_item` is the supervisor's hook under ``--tool-network proxy``: for an
acknowledged Session item it reads the Session's ``environment_variable`` secrets with the
Environment key (``environments.work.secrets``, fenced by the item's lease), gives each a fresh
placeholder, starts that item's :class:`~mango_worker.egress.EgressProxy` on a socket of its own
and yields the :class:`~mango_worker.container.EgressMount` the container is created with (the
socket directory and the placeholders, never a value). The proxy and its directory go away when
the item's container does. Secret values stay in this process's memory only: they are not
logged (records name variables and counts), not written anywhere and not passed to Docker.

Not responsible for: the proxy's rules (:mod:`mango_worker.egress_policy`), serving requests
(:mod:`mango_worker.egress`) or the container's side (:mod:`mango_worker.container`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

from .container import EgressMount, reserved_variable
from .egress import EgressProxy, ItemEgress
from .egress_ca import EgressCA
from .egress_policy import AllowEntry, EgressPolicy, Substitution

__all__ = ["EgressProvider"]

log = logging.getLogger(__name__)


class EgressProvider:
    """Starts one egress proxy per item, sharing the worker's CA and the operator's allowlist."""

    def __init__(
        self,
        api: Any,
        *,
        allow: Sequence[AllowEntry] = (),
        upstream_ca_file: str | None = None,
        ca: EgressCA | None = None,
    ) -> None:
        """Args:
        api: An ``AsyncMango`` client authenticated with the Environment key.
        allow: The operator's ``--egress-allow`` entries.
        upstream_ca_file: An extra CA file for verifying upstream servers (``--egress-upstream-ca``).
        ca: The per-worker CA (generated here when not given).
        """
        self._api = api
        self._allow = tuple(allow)
        self._upstream_ca_file = upstream_ca_file
        self.ca = ca if ca is not None else EgressCA()

    async def substitutions(self, environment_id: str, work_id: str) -> tuple[Substitution, ...]:
        """The item's secrets with fresh placeholders; names the container reserves are left out."""
        answer = await self._api.environments.work.secrets(environment_id, work_id)
        kept: list[Substitution] = []
        for entry in answer.data:
            wire = entry.to_dict() if hasattr(entry, "to_dict") else entry
            secret = Substitution.from_wire(wire)
            if reserved_variable(secret.name):
                log.warning(
                    "secret variable name reserved by the container, left out work_id=%s name=%s",
                    work_id,
                    secret.name,
                    extra={"action": "egress.secret_skipped"},
                )
                continue
            kept.append(secret)
        return tuple(kept)

    @contextlib.asynccontextmanager
    async def for_item(self, environment_id: str, work_id: str) -> AsyncIterator[EgressMount]:
        """Run the item's proxy for as long as the block runs."""
        secrets = await self.substitutions(environment_id, work_id)
        proxy = EgressProxy(
            EgressPolicy(allow=self._allow, substitutions=secrets),
            self.ca,
            upstream_ca_file=self._upstream_ca_file,
            label=work_id,
        )
        item = ItemEgress(proxy)
        await item.start()
        log.info(
            "egress proxy started work_id=%s secrets=%d names=%s",
            work_id,
            len(secrets),
            ",".join(s.name for s in secrets) or "-",
            extra={"action": "egress.started", "work_id": work_id},
        )
        try:
            yield EgressMount(str(item.socket_dir), {s.name: s.placeholder for s in secrets})
        finally:
            await item.close()
