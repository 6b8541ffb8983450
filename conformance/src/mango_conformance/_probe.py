"""Raw HTTP against the deployment, each answer judged by the contract and recorded in the report.

A ``Call`` names an operation and its inputs (path parameters, query, JSON or raw or multipart
body, headers). ``Probe`` sends it with one of three identities (``primary`` Workspace key,
``other`` Workspace key, ``anonymous`` or an explicit ``authorization`` header) and records the
outcome: ``expect_ok`` for valid input (2xx, or 501 ``not_implemented`` which marks the
operation as not implemented), ``expect_error`` for bad input (an envelope with a declared 4xx;
a 5xx or a 2xx is a failure). Not responsible for choosing inputs (``_inputs``, ``_scenario``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote

import httpx

from ._report import Report
from ._spec import Spec, Verdict

PRIMARY = "primary"
OTHER = "other"
ANONYMOUS = "anonymous"


@dataclass(frozen=True)
class Call:
    """One request to one operation."""

    operation_id: str
    path_params: dict[str, str] = field(default_factory=dict)
    query: tuple[tuple[str, str], ...] = ()
    json_body: Any = None
    raw_body: bytes | None = None
    files: dict[str, tuple[str, bytes, str]] | None = None
    form: dict[str, str] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    label: str = "valid request"

    def but(self, label: str, **changes: Any) -> Call:
        """A copy with some inputs changed and a new label."""
        return replace(self, label=label, **changes)


@dataclass
class Outcome:
    """What came back, already judged."""

    status: int
    verdict: Verdict | None
    body: Any = None

    @property
    def ok(self) -> bool:
        return self.verdict is not None and 200 <= self.status < 300 and not self.verdict.problems


class Probe:
    """Sends calls with the configured credentials and records every judgement."""

    def __init__(
        self, spec: Spec, report: Report, base_url: str, api_key: str, other_api_key: str, timeout: float = 30.0
    ) -> None:
        self.spec = spec
        self.report = report
        self.base_url = base_url.rstrip("/")
        self._keys = {PRIMARY: api_key, OTHER: other_api_key}
        self._http = httpx.Client(base_url=self.base_url, timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def url(self, call: Call) -> str:
        path = self.spec.operations[call.operation_id].path
        for name, value in call.path_params.items():
            path = path.replace("{" + name + "}", quote(value, safe=""))
        return path

    def headers(self, call: Call, who: str) -> dict[str, str]:
        headers = dict(call.headers)
        if who in self._keys and "authorization" not in headers:
            headers["authorization"] = f"Bearer {self._keys[who]}"
        return headers

    def request_kwargs(self, call: Call, who: str) -> dict[str, Any]:
        """The ``httpx`` arguments for ``call`` sent as ``who``."""
        op = self.spec.operations[call.operation_id]
        kwargs: dict[str, Any] = {"params": list(call.query), "headers": self.headers(call, who)}
        if call.raw_body is not None:
            kwargs["content"] = call.raw_body
            kwargs["headers"].setdefault("content-type", "application/json")
        elif call.files is not None or call.form is not None:
            kwargs["files"] = call.files or {}
            kwargs["data"] = call.form or {}
        elif call.json_body is not None:
            kwargs["content"] = json.dumps(call.json_body).encode()
            kwargs["headers"].setdefault("content-type", "application/json")
        elif op.request_required and op.json_body_schema is not None:
            kwargs["content"] = b""
        return kwargs

    def send(self, call: Call, who: str = PRIMARY) -> httpx.Response:
        op = self.spec.operations[call.operation_id]
        return self._http.request(op.method, self.url(call), **self.request_kwargs(call, who))

    @contextmanager
    def stream(self, call: Call, who: str = PRIMARY) -> Iterator[httpx.Response]:
        """Open a streamed answer (the SSE operation)."""
        op = self.spec.operations[call.operation_id]
        with self._http.stream(op.method, self.url(call), **self.request_kwargs(call, who)) as response:
            yield response

    def _exchange(self, call: Call, who: str) -> Outcome:
        entry = self.report.operations[call.operation_id]
        entry.checks += 1
        try:
            # A stream is never read to its end here: an accepted stream only shows its status line.
            with self.stream(call, who) as response:
                streaming = self.spec.operations[call.operation_id].stream and response.status_code == 200
                body = b"" if streaming else response.read()
        except httpx.HTTPError as exc:
            self.report.fail(call.operation_id, f"{call.label}: request failed: {type(exc).__name__}: {exc}")
            return Outcome(0, None)
        headers = {k.lower(): v for k, v in response.headers.items()}
        verdict = self.spec.check_response(call.operation_id, response.status_code, headers, body)
        return Outcome(response.status_code, verdict, verdict.body)

    def judge(self, call: Call, status: int, headers: dict[str, str], body: bytes) -> Verdict:
        """Judge an answer obtained elsewhere (a stream's status line) and count the check."""
        self.report.operations[call.operation_id].checks += 1
        return self.spec.check_response(call.operation_id, status, headers, body)

    def expect_ok(self, call: Call, who: str = PRIMARY) -> Any:
        """Send valid input; returns the decoded body on success, else ``None`` (recorded)."""
        outcome = self._exchange(call, who)
        return self.accept_ok(call, outcome)

    def accept_ok(self, call: Call, outcome: Outcome) -> Any:
        entry = self.report.operations[call.operation_id]
        verdict = outcome.verdict
        if verdict is None:
            return None
        if verdict.not_implemented:
            entry.exercised = True
            entry.not_implemented = True
            for problem in verdict.problems:
                self.report.fail(call.operation_id, f"{call.label}: {problem}")
            return None
        if 200 <= outcome.status < 300:
            entry.exercised = True
            for problem in verdict.problems:
                self.report.fail(call.operation_id, f"{call.label}: schema violation: {problem}")
            return outcome.body if outcome.body is not None else {}
        message = _message(outcome.body)
        self.report.fail(
            call.operation_id, f"{call.label}: answered {outcome.status} {verdict.error_type or ''} {message}".strip()
        )
        for problem in verdict.problems:
            self.report.fail(call.operation_id, f"{call.label}: {problem}")
        return None

    def expect_method_not_allowed(self, call: Call, method: str, declared: frozenset[str]) -> None:
        """``method`` on ``call``'s URL, which the path does not declare: 405 ``method_not_allowed`` in the
        envelope, with an ``Allow`` header listing every method the path declares (and not ``method``)."""
        op_id = call.operation_id
        self.report.operations[op_id].checks += 1
        label = f"undeclared method {method}"
        try:
            response = self._http.request(method, self.url(call), headers=self.headers(call, PRIMARY))
        except httpx.HTTPError as exc:
            self.report.fail(op_id, f"{label}: request failed: {type(exc).__name__}: {exc}")
            return
        if response.status_code != 405:
            self.report.fail(op_id, f"{label}: answered {response.status_code}, expected 405")
            return
        raw_allow = response.headers.get("allow", "")
        allow = {name.strip().upper() for name in raw_allow.split(",") if name.strip()}
        if not declared <= allow or method in allow:
            wanted = ", ".join(sorted(declared))
            self.report.fail(op_id, f"{label}: Allow {raw_allow!r} must list the path's methods ({wanted})")
        try:
            body = response.json()
        except ValueError:
            self.report.fail(op_id, f"{label}: the 405 body is not JSON")
            return
        for problem in self.spec.validate({"$ref": "#/components/schemas/ErrorEnvelope"}, body):
            self.report.fail(op_id, f"{label}: {problem}")
        error_type = body.get("error", {}).get("type") if isinstance(body, dict) else None
        if error_type != "method_not_allowed":
            self.report.fail(op_id, f"{label}: error.type {error_type!r}, expected 'method_not_allowed'")
        if isinstance(body, dict) and body.get("request_id") != response.headers.get("request-id"):
            self.report.fail(op_id, f"{label}: request-id header differs from the envelope's request_id")

    def expect_error(
        self, call: Call, who: str = PRIMARY, *, statuses: frozenset[int] | None = None, error_type: str | None = None
    ) -> Outcome:
        """Send bad input (or a foreign credential); the answer must be a declared 4xx envelope."""
        outcome = self._exchange(call, who)
        verdict = outcome.verdict
        if verdict is None:
            return outcome
        op_id = call.operation_id
        if verdict.not_implemented:
            self.report.operations[op_id].not_implemented = True
        elif outcome.status >= 500:
            self.report.fail(op_id, f"{outcome.status} on bad input: {call.label}")
        elif outcome.status < 400:
            self.report.fail(op_id, f"{call.label}: accepted with {outcome.status} instead of an error")
        else:
            if statuses is not None and outcome.status not in statuses:
                wanted = "/".join(str(s) for s in sorted(statuses))
                self.report.fail(op_id, f"{call.label}: answered {outcome.status}, expected {wanted}")
            if error_type is not None and verdict.error_type != error_type:
                self.report.fail(op_id, f"{call.label}: error.type {verdict.error_type!r}, expected {error_type!r}")
        for problem in verdict.problems:
            self.report.fail(op_id, f"{call.label}: {problem}")
        return outcome


def _message(body: Any) -> str:
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return f"({str(body['error'].get('message', ''))[:200]})"
    return ""
