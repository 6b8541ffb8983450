"""The reference routes the contract leaves out answer 404 ``not_supported`` (``x-mango-omitted.routes``).

For each listed route (``[METHOD ]path``, ``{name}`` one segment, a trailing ``/...`` the path and
everything below it) the suite sends one request to a concrete path under it with the primary
key and expects a 404 ``ErrorEnvelope`` whose ``error.type`` is ``not_supported``. A failure is
recorded as a run error under ``omitted <route>`` (these routes are not operations of the
contract). Not responsible for the operations themselves.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from ._report import Report
from ._spec import Spec

ERROR_TYPE = "not_supported"


def concrete(route: str) -> tuple[str, str]:
    """The method (GET unless the route names one) and a concrete path for ``route``."""
    method, _, path = route.rpartition(" ")
    path = re.sub(r"\{([^}]+)\}", lambda m: f"{m.group(1).removesuffix('_id')}_conformance", path)
    return method or "GET", path.removesuffix("/...")


def check_omitted_routes(spec: Spec, report: Report, base_url: str, api_key: str, timeout: float) -> None:
    """Every route of ``x-mango-omitted.routes`` answers 404 ``not_supported`` (recorded in ``report``)."""
    routes: list[dict[str, Any]] = spec.document.get("x-mango-omitted", {}).get("routes", [])
    envelope = spec.schema("ErrorEnvelope")
    headers = {"authorization": f"Bearer {api_key}"}
    with httpx.Client(base_url=base_url.rstrip("/"), timeout=timeout, headers=headers) as http:
        for route in routes:
            method, path = concrete(str(route["path"]))
            label = f"omitted {route['path']}"
            try:
                response = http.request(method, path)
            except httpx.HTTPError as exc:
                report.fail(label, f"{method} {path}: request failed: {type(exc).__name__}: {exc}")
                continue
            try:
                body = response.json()
            except json.JSONDecodeError:
                body = None
            problems = spec.validate(envelope, body)
            error_type = body.get("error", {}).get("type") if isinstance(body, dict) else None
            if response.status_code != 404 or error_type != ERROR_TYPE or problems:
                found = f"{response.status_code} {error_type!r}"
                report.fail(label, f"{method} {path}: answered {found}, expected 404 {ERROR_TYPE!r} {problems}")
