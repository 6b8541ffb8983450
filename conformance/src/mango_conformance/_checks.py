"""Runs the whole suite against one deployment and returns the per-operation report.

Order: the valid-input scenario (every operation once, with its prerequisites, including the
streamed turns), then for every operation the bad inputs derived from its valid call, the
authentication checks (no credential, an unknown key, a non-bearer scheme: 401
``authentication_error``) and Workspace isolation (the second Workspace's key gets 404
``not_found_error`` on every by-id route of the first Workspace's resources, and its lists
never show them), then on every path a method it does not declare (405 ``method_not_allowed``
with ``Allow``), then the destructive operations. Not responsible for the wire judgement
(``_spec``) or the rendering (``_report``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._inputs import BadInput, bad_inputs
from ._omitted import check_omitted_routes
from ._probe import ANONYMOUS, OTHER, Call, Probe
from ._report import Report
from ._scenario import Scenario, World
from ._spec import Spec

UNAUTHORIZED = frozenset({401})
NOT_FOUND = frozenset({404})
DEFAULT_MODEL = "mango-offline-1"
UNDECLARED_METHOD = "PUT"


@dataclass(frozen=True)
class Config:
    """Where and as whom to run."""

    base_url: str
    api_key: str
    other_api_key: str
    model: str = DEFAULT_MODEL
    timeout: float = 30.0


def run(config: Config, spec: Spec | None = None) -> Report:
    """Run every check; the report lists every operation of ``spec``."""
    spec = spec or Spec.load()
    report = Report(config.base_url)
    for op in spec.operations.values():
        report.add_operation(op.operation_id, op.method, op.path)
    probe = Probe(spec, report, config.base_url, config.api_key, config.other_api_key, config.timeout)
    try:
        scenario = Scenario(probe, config.model)
        world = scenario.build()
        for operation_id in spec.operations:
            call = world.calls.get(operation_id)
            if call is None:
                report.fail(operation_id, "the suite has no valid request for this operation")
                continue
            check_bad_inputs(probe, call, world.extra_bad.get(operation_id, []))
            check_authentication(probe, call)
            check_isolation(probe, call)
        check_list_isolation(probe, world)
        check_undeclared_methods(probe, world)
        check_omitted_routes(spec, report, config.base_url, config.api_key, config.timeout)
        scenario.run_destructive()
    finally:
        probe.close()
    return report


def check_bad_inputs(probe: Probe, valid: Call, extra: list[BadInput]) -> None:
    """Every refused variant must answer a declared 4xx envelope, never a 5xx or a 2xx."""
    for case in [*bad_inputs(probe.spec, valid), *extra]:
        probe.expect_error(case.call, statuses=case.statuses, error_type=case.error_type)


def check_authentication(probe: Probe, valid: Call) -> None:
    """Missing, unknown and malformed credentials answer 401 ``authentication_error``."""
    if not probe.spec.operations[valid.operation_id].security:
        return
    cases = {
        "no credential": {},
        "an unknown bearer key": {"authorization": "Bearer mango_conformance_invalid_key"},
        "a non-bearer credential": {"authorization": "Basic Y29uZm9ybWFuY2U6eA=="},
    }
    for label, headers in cases.items():
        call = valid.but(f"request with {label}", headers={**valid.headers, **headers})
        probe.expect_error(call, ANONYMOUS, statuses=UNAUTHORIZED, error_type="authentication_error")


def check_isolation(probe: Probe, valid: Call) -> None:
    """Another Workspace's key must not see this Workspace's resource (404, not 403)."""
    if not valid.path_params:
        return
    call = valid.but("isolation: the other Workspace's key on this Workspace's resource")
    outcome = probe.expect_error(call, OTHER, statuses=NOT_FOUND, error_type="not_found_error")
    if 200 <= outcome.status < 300:
        probe.report.fail(valid.operation_id, f"ISOLATION LEAK: the other Workspace got {outcome.status}")


def check_undeclared_methods(probe: Probe, world: World) -> None:
    """On every path, a method no operation of it declares answers 405 with ``Allow`` (``PUT``: no path takes it)."""
    by_path: dict[str, list[str]] = {}
    for operation_id, op in probe.spec.operations.items():
        by_path.setdefault(op.path, []).append(operation_id)
    for operation_ids in by_path.values():
        call = next((world.calls[o] for o in operation_ids if o in world.calls), None)
        declared = frozenset(probe.spec.operations[o].method for o in operation_ids)
        if call is not None and UNDECLARED_METHOD not in declared:
            probe.expect_method_not_allowed(call, UNDECLARED_METHOD, declared)


def check_list_isolation(probe: Probe, world: World) -> None:
    """The other Workspace's lists never contain this Workspace's resources."""
    for operation_id in world.calls:
        op = probe.spec.operations[operation_id]
        if not op.paginated or op.params("path"):
            continue
        listing = Call(operation_id, query=(("limit", "100"),), label="isolation: the other Workspace's list")
        body = probe.expect_ok(listing, OTHER)
        if not isinstance(body, dict):
            continue
        leaked = sorted({str(item.get("id")) for item in body.get("data", [])} & world.owned_ids)
        if leaked:
            probe.report.fail(operation_id, f"ISOLATION LEAK: the other Workspace lists {leaked}")
