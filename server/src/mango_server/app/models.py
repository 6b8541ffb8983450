"""The models use case: what the deployment offers (``models.list``).

The offered models are the operator's catalogue (``MANGO_MODELS_FILE``, read at start-up into
``Services.catalogue``), the same one Agent validation checks against (``app.agents.check_models``).
Not responsible for the wire shape (``api.mappers.models``), which never shows an endpoint's URL,
headers or credential.
"""

from __future__ import annotations

from mango_server.app.services import Services
from mango_server.domain.model_catalogue import ModelEntry


def offered(services: Services) -> list[ModelEntry]:
    """Every offered model, in catalogue order (none when the process has no catalogue)."""
    catalogue = services.catalogue
    return list(catalogue.entries) if catalogue is not None else []
