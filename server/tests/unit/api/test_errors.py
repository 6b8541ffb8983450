"""The error edge answers every domain error with the status the spec's error catalogue gives its type."""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import mango_server
import pytest
import yaml
from mango_server.api._generated.errors import ERROR_CATALOGUE, ERROR_STATUS
from mango_server.api.errors import map_exception, status_of
from mango_server.domain.errors import MangoDomainError, NotImplementedYetError
from pydantic import BaseModel, ValidationError

SPEC = Path(__file__).resolve().parents[4] / "openapi" / "mango.yaml"


def _import_every_module() -> None:
    """Domain errors are declared beside their rules (``domain.memory``, ``app.blobs``, ...): load them all."""
    for module in pkgutil.walk_packages(mango_server.__path__, f"{mango_server.__name__}."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)


def _subclasses(cls: type[MangoDomainError]) -> Iterator[type[MangoDomainError]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


_import_every_module()
DOMAIN_ERRORS = sorted({MangoDomainError, *_subclasses(MangoDomainError)}, key=lambda c: f"{c.__module__}.{c.__name__}")


def _body(response: object) -> dict[str, object]:
    data = json.loads(bytes(getattr(response, "body", b"")))
    assert isinstance(data, dict)
    return data


def test_the_generated_catalogue_is_the_spec_catalogue() -> None:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    assert [(e.type, e.status) for e in ERROR_CATALOGUE] == [
        (entry["type"], entry["status"]) for entry in spec["x-mango-error-catalogue"]
    ]


@pytest.mark.parametrize("cls", DOMAIN_ERRORS, ids=lambda c: c.__name__)
def test_every_domain_error_answers_its_catalogued_status(cls: type[MangoDomainError]) -> None:
    assert cls.error_type in ERROR_STATUS, f"{cls.__name__}.error_type {cls.error_type!r} is not catalogued"
    response = map_exception(cls("boom", details={"k": "v"}), "req_test")
    assert response.status_code == ERROR_STATUS[cls.error_type]
    assert _body(response) == {
        "type": "error",
        "error": {"type": cls.error_type, "message": "boom", "details": {"k": "v"}},
        "request_id": "req_test",
    }
    assert response.headers["request-id"] == "req_test"


def test_not_implemented_is_501() -> None:
    assert status_of("not_implemented") == 501
    assert map_exception(NotImplementedYetError("later"), "req_1").status_code == 501


def test_validation_errors_are_400_and_anything_else_500() -> None:
    class Model(BaseModel):
        n: int

    with pytest.raises(ValidationError) as caught:
        Model.model_validate({"n": "x"})
    invalid = map_exception(caught.value, "req_2")
    error = _body(invalid)["error"]
    assert isinstance(error, dict)
    assert (invalid.status_code, error["type"]) == (400, "invalid_request_error")
    assert str(error["message"]).startswith("n: ")
    unexpected = map_exception(RuntimeError("secret detail"), "req_3")
    assert unexpected.status_code == 500
    assert _body(unexpected)["error"] == {
        "type": "api_error",
        "message": "internal error; quote the request id when reporting it",
    }


def test_an_uncatalogued_domain_error_answers_500() -> None:
    class Stray(MangoDomainError):
        error_type = "stray_error"

    assert "stray_error" not in ERROR_STATUS
    assert map_exception(Stray("x"), "req_4").status_code == 500
