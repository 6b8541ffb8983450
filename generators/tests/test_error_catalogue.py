"""The error catalogue: read by the shared spec reader, rendered by every target, bad catalogues refused."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from mango_generators import go, server_models, typescript
from mango_generators._errors import python_module
from mango_generators._spec import ErrorType, SpecError, check_spec, error_catalogue

Spec = dict[str, Any]


def test_the_shared_reader_returns_the_catalogue_in_spec_order(mini_spec: Spec) -> None:
    assert error_catalogue(check_spec(mini_spec)) == (
        ErrorType("invalid_request_error", 400, "The request is malformed."),
        ErrorType("not_found_error", 404, 'No such "note" in this Workspace.'),
        ErrorType("not_implemented", 501, "The server does not implement this operation."),
    )


def test_a_spec_without_a_catalogue_has_none(mini_spec: Spec) -> None:
    del mini_spec["x-mango-error-catalogue"]
    assert error_catalogue(check_spec(mini_spec)) == ()


def test_descriptions_are_collapsed_to_one_line(mini_spec: Spec) -> None:
    mini_spec["x-mango-error-catalogue"][0]["description"] = "The request\n  is malformed. "
    assert error_catalogue(mini_spec)[0].description == "The request is malformed."


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"type": "invalid_request_error", "status": 422, "description": "x"},
            "'invalid_request_error' is catalogued twice",
        ),
        ({"type": "ok", "status": 200, "description": "x"}, "status 200 must be a 4xx or 5xx integer"),
        ({"type": "gone", "status": "410", "description": "x"}, "status '410' must be a 4xx or 5xx integer"),
        ({"type": "gone", "status": True, "description": "x"}, "status True must be a 4xx or 5xx integer"),
        ({"type": "Gone-Error", "status": 410, "description": "x"}, "type 'Gone-Error' must match"),
        ({"type": "gone", "status": 410, "description": " "}, "description must be a non-empty sentence"),
        ({"type": "gone", "status": 410}, "must be a mapping with exactly type, status and description"),
        ({"type": "gone", "status": 410, "description": "x", "retry": True}, "exactly type, status and description"),
    ],
)
def test_bad_entries_fail_with_their_index(mini_spec: Spec, entry: dict[str, Any], message: str) -> None:
    mini_spec["x-mango-error-catalogue"].append(entry)
    with pytest.raises(SpecError) as info:
        check_spec(mini_spec, source="test.yaml")
    assert any(p.startswith("x-mango-error-catalogue[3]: ") and message in p for p in info.value.problems), str(
        info.value
    )


def test_a_catalogue_must_be_a_list(mini_spec: Spec) -> None:
    mini_spec["x-mango-error-catalogue"] = {"not_found_error": 404}
    with pytest.raises(SpecError, match="x-mango-error-catalogue must be a list"):
        check_spec(mini_spec)
    with pytest.raises(SpecError, match="x-mango-error-catalogue must be a list"):
        error_catalogue(mini_spec)


def test_the_python_module_imports_and_maps_types_to_statuses(mini_spec: Spec, tmp_path: Path) -> None:
    mini_spec["x-mango-error-catalogue"].append({"type": "odd", "status": 418, "description": 'A \\ and a "quote".'})
    path = tmp_path / "catalogue_under_test.py"
    path.write_text(python_module(mini_spec, "Under test."), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("catalogue_under_test", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    assert dict(module.ERROR_STATUS) == {
        "invalid_request_error": 400,
        "not_found_error": 404,
        "not_implemented": 501,
        "odd": 418,
    }
    assert module.ERROR_CATALOGUE[-1].description == 'A \\ and a "quote".'
    with pytest.raises(TypeError):
        module.ERROR_STATUS["odd"] = 500


def test_every_target_renders_every_entry(mini_spec: Spec) -> None:
    texts = {
        "server": server_models.render_errors(mini_spec),
        "typescript": next(f.content for f in typescript.render(mini_spec) if f.path == typescript.ERRORS_PATH),
        "go": next(f.content for f in go.render(mini_spec) if f.path.name == "errors.go"),
    }
    for target, text in texts.items():
        for entry in error_catalogue(mini_spec):
            assert f'"{entry.type}"' in text, f"{target} lacks {entry.type}"
            assert str(entry.status) in text, f"{target} lacks {entry.status}"


def test_go_names_of_the_catalogue_are_reserved(mini_spec: Spec) -> None:
    mini_spec["components"]["schemas"]["ErrorStatus"] = {"type": "string", "description": "A clash."}
    with pytest.raises(ValueError, match="Go name ErrorStatus is already used by x-mango-error-catalogue"):
        go.render(mini_spec)
