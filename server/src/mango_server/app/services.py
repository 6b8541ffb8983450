"""Process-wide dependencies the use cases run against: the pool, live notifier, blobs, keyring, settings,
model catalogue.

Built once by each process role (``api.server``, the orchestrator worker) and passed to every
use case. The edge may hand one request's use case a copy that joins the request's transaction
(:meth:`Services.joining`): a use case that may run so opens its transaction from
:attr:`Services.transactions`. Not responsible for creating or closing what it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mango_server.app.blobs import BlobWrites
from mango_server.app.streams import Slots, StreamSlots
from mango_server.domain.errors import OverloadedError
from mango_server.domain.model_catalogue import ModelCatalogue
from mango_server.keyring import Keyring
from mango_server.live import NatsNotifier
from mango_server.live.fanout import SessionFanout
from mango_server.settings import Settings
from mango_server.store.db import Pool, RequestTransaction, Transactions


@dataclass
class Services:
    """Process-wide dependencies of the api role."""

    settings: Settings
    pool: Pool
    notifier: NatsNotifier
    blobs: BlobWrites | None = None
    fanout: SessionFanout | None = None  # the api's one NATS/reconcile fan-out to SSE streams
    stream_slots: Slots | None = None  # api.server shares them across processes (SharedStreamSlots)
    keyring: Keyring | None = None  # the operator keyring (MANGO_KEYRING_FILE); webhooks need it
    #: The models the deployment offers (``MANGO_MODELS_FILE``); None: Agent models are not checked.
    catalogue: ModelCatalogue | None = None
    #: The request's transaction this request's use case joins (``store.db.request_transaction``); None:
    #: every transaction is its own.
    joined: RequestTransaction | None = None

    def __post_init__(self) -> None:
        if self.stream_slots is None:
            self.stream_slots = StreamSlots(self.settings.sse_max_streams_per_key)

    @property
    def transactions(self) -> Transactions:
        """Where a use case that may run inside a request's transaction opens its own: that one, or the pool."""
        return self.joined if self.joined is not None else self.pool

    def joining(self, request: RequestTransaction) -> Services:
        """These services for a use case whose transaction is a savepoint of ``request``'s."""
        return replace(self, joined=request)

    def require_blobs(self) -> BlobWrites:
        """Object storage; 503 when this server runs without it."""
        if self.blobs is None:
            raise OverloadedError("object storage is not configured on this server (MANGO_S3_ENDPOINT_URL)")
        return self.blobs

    def require_keyring(self) -> Keyring:
        """The operator keyring; 503 when this server runs without one."""
        if self.keyring is None:
            raise OverloadedError("no operator keyring is configured on this server (MANGO_KEYRING_FILE)")
        return self.keyring
