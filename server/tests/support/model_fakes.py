"""What the turn engine reads of a model client, for test fakes that only script ``create``."""

from __future__ import annotations

from mango_server.domain.prices import Price, resolve_price
from mango_server.model import AdapterProfile, ModelCapabilities


class FakeModelMembers:
    """The ``ModelClient`` members besides ``create``: no native tools, a fake profile, the list prices."""

    capabilities = ModelCapabilities()
    profile = AdapterProfile("fake", "0")

    def price(self, model_id: str) -> Price | None:
        return resolve_price(model_id)
