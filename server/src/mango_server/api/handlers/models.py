"""The offered models (``models.list``)."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.mappers import models as wire
from mango_server.app import models
from mango_server.domain._generated.wire import ModelList


async def models_list(ctx: RequestContext) -> ModelList:
    return wire.model_list(models.offered(ctx.services))
