"""Go target: golden output for the mini spec, gofmt, a vetted-and-tested functional module, bad specs."""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from mango_generators import go
from mango_generators._common import GeneratedFile, has_marker
from mango_generators._spec import check_spec

Spec = dict[str, Any]

REPO_ROOT = Path(__file__).resolve().parents[2]
GO = REPO_ROOT / ".venv" / "bin" / "go"
HAND_WRITTEN = REPO_ROOT / "sdk-go" / "mango"
needs_go = pytest.mark.skipif(not GO.exists(), reason=".venv/bin/go missing (run `make install`)")

_OK = {
    "200": {"description": "OK.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Widget"}}}}
}
_AUTH: list[dict[str, list[str]]] = [{"WorkspaceKey": []}]

TINY: Spec = {
    "openapi": "3.1.0",
    "info": {"title": "Tiny", "version": "1"},
    "paths": {
        "/v1/widgets": {
            "get": {
                "operationId": "widgets.list",
                "x-mango-paginated": True,
                "security": _AUTH,
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "page", "in": "query", "schema": {"type": "string"}},
                    {"name": "colours[]", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "created_at[gte]", "in": "query", "schema": {"type": "string", "format": "date-time"}},
                ],
                "responses": {
                    "200": {
                        "description": "A page.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WidgetList"}}},
                    }
                },
            },
            "post": {
                "operationId": "widgets.create",
                "security": _AUTH,
                "parameters": [{"name": "dry_run", "in": "query", "schema": {"type": "boolean"}}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WidgetCreate"}}},
                },
                "responses": _OK,
            },
        },
        "/v1/widgets/{widget_id}/parts/{part_id}": {
            "get": {
                "operationId": "widgets.parts.get",
                "security": _AUTH,
                "parameters": [
                    {"name": "widget_id", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "part_id", "in": "path", "required": True, "schema": {"type": "string"}},
                ],
                "responses": _OK,
            }
        },
    },
    "components": {
        "securitySchemes": {"WorkspaceKey": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "Widget": {
                "type": "object",
                "required": ["type", "id", "shape"],
                "properties": {
                    "type": {"type": "string", "const": "widget"},
                    "id": {"type": "string"},
                    "colour": {"type": ["string", "null"]},
                    "shape": {"$ref": "#/components/schemas/Shape"},
                    "size": {"oneOf": [{"type": "integer"}, {"$ref": "#/components/schemas/Size"}]},
                },
            },
            "WidgetCreate": {
                "type": "object",
                "required": ["shape"],
                "properties": {"shape": {"$ref": "#/components/schemas/Shape"}},
            },
            "WidgetList": {
                "type": "object",
                "required": ["data", "next_page"],
                "properties": {
                    "data": {"type": "array", "items": {"$ref": "#/components/schemas/Widget"}},
                    "next_page": {"type": ["string", "null"]},
                },
            },
            "Size": {"type": "object", "properties": {"w": {"type": "integer"}, "h": {"type": "integer"}}},
            "Shape": {
                "oneOf": [{"$ref": "#/components/schemas/Circle"}, {"$ref": "#/components/schemas/Square"}],
                "discriminator": {
                    "propertyName": "type",
                    "mapping": {"circle": "#/components/schemas/Circle", "square": "#/components/schemas/Square"},
                },
            },
            "Circle": {
                "type": "object",
                "required": ["type", "r"],
                "properties": {"type": {"type": "string", "const": "circle"}, "r": {"type": "number"}},
            },
            "Square": {
                "type": "object",
                "required": ["type", "side"],
                "properties": {
                    "type": {"type": "string", "const": "square"},
                    "side": {"type": "integer"},
                    "finish": {"type": "string", "enum": ["matte", "gloss"]},
                },
            },
        },
    },
}

TINY_TEST = """package mango

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mango-ai/mango-go/api"
)

func TestTiny(t *testing.T) {
	var queries []string
	var created map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		queries = append(queries, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		switch {
		case r.Method == http.MethodPost:
			_ = json.NewDecoder(r.Body).Decode(&created)
			_, _ = w.Write([]byte(`{"type":"widget","id":"w1","shape":{"type":"hexagon","n":6},"size":3}`))
		case r.URL.Query().Get("page") == "":
			_, _ = w.Write([]byte(`{"data":[{"type":"widget","id":"w1","shape":{"type":"circle","r":1.5}}],` +
				`"next_page":"p2"}`))
		case r.URL.Path == "/v1/widgets":
			_, _ = w.Write([]byte(`{"data":[{"type":"widget","id":"w2","shape":{"type":"square","side":2},` +
				`"size":{"w":1,"h":2}}],"next_page":null}`))
		default:
			_, _ = w.Write([]byte(`{"type":"widget","id":"w3","shape":{"type":"square","side":1}}`))
		}
	}))
	defer srv.Close()
	c := NewClient(WithBaseURL(srv.URL), WithAPIKey("k"))
	ctx := context.Background()
	since := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	params := api.WidgetsListParams{Colours: []string{"red", "blue"}, CreatedAtGte: &since}
	widgets, err := Collect(c.Widgets.ListAutoPaging(ctx, params))
	if err != nil || len(widgets) != 2 {
		t.Fatalf("%v %v", widgets, err)
	}
	circle, err := widgets[0].Shape.AsCircle()
	if err != nil || circle.R != 1.5 {
		t.Fatalf("%v %v", circle, err)
	}
	if widgets[1].Size == nil || widgets[1].Size.Size == nil || *widgets[1].Size.Size.H != 2 {
		t.Fatalf("size %+v", widgets[1].Size)
	}
	dry := true
	shape := api.NewShapeFromSquare(api.Square{Side: 4, Finish: new(api.SquareFinishMatte)})
	w, err := c.Widgets.Create(ctx, api.WidgetsCreateParams{DryRun: &dry, Shape: shape})
	if err != nil || w.Shape.Type != "hexagon" || *w.Size.Integer != 3 {
		t.Fatalf("%+v %v", w, err)
	}
	if string(w.Shape.Raw) != `{"type":"hexagon","n":6}` {
		t.Fatalf("%+v %v", w, err)
	}
	if created["shape"].(map[string]any)["type"] != "square" || created["dry_run"] != nil {
		t.Fatalf("body %v", created)
	}
	if _, err := c.Widgets.Parts.Get(ctx, "w 1", "p/2"); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"GET /v1/widgets?colours[]=red&colours[]=blue&created_at[gte]=2026-01-02T00%3A00%3A00Z",
		"GET /v1/widgets?colours[]=red&colours[]=blue&created_at[gte]=2026-01-02T00%3A00%3A00Z&page=p2",
		"POST /v1/widgets?dry_run=true",
		"GET /v1/widgets/w 1/parts/p/2?",
	}
	for i := range want {
		if queries[i] != want[i] {
			t.Errorf("request %d: %q, want %q", i, queries[i], want[i])
		}
	}
}
"""


def _go_env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PATH=f"{GO.parent}{os.pathsep}{env.get('PATH', '')}",
        GOTOOLCHAIN="local",
        GOPROXY="off",
        GOFLAGS="",
        GOTELEMETRY="off",
        GOCACHE=str(REPO_ROOT / ".cache" / "go-build"),
        GOPATH=str(tmp / "gopath"),
    )
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=100, check=False)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _write(files: Iterable[GeneratedFile], directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for file in files:
        (directory / file.path.name).write_text(file.content, encoding="utf-8")


def test_mini_golden(mini_spec: Spec, assert_golden: Callable[[str, Iterable[GeneratedFile], str], None]) -> None:
    assert_golden("go", go.render(mini_spec), "sdk-go/api")


def test_files_are_marked_placed_and_deterministic(mini_spec: Spec) -> None:
    files = go.render(mini_spec)
    assert [f.path.as_posix() for f in files] == [
        "sdk-go/api/errors.go",
        "sdk-go/api/operations.go",
        "sdk-go/api/services.go",
        "sdk-go/api/transport.go",
        "sdk-go/api/types.go",
    ]
    assert all(has_marker(f.content) and f.content.startswith("// Code generated") for f in files)
    assert files == go.render(copy.deepcopy(mini_spec))


@needs_go
def test_output_is_gofmt_clean(mini_spec: Spec, tmp_path: Path) -> None:
    env = _go_env(tmp_path)
    gofmt = Path(_run([str(GO), "env", "GOROOT"], tmp_path, env).strip()) / "bin" / "gofmt"
    _write(go.render(mini_spec), tmp_path / "mini")
    _write(go.render(check_spec(copy.deepcopy(TINY))), tmp_path / "tiny")
    assert _run([str(gofmt), "-l", "mini", "tiny"], tmp_path, env) == ""


@needs_go
@pytest.mark.slow
def test_rendered_client_vets_and_runs(tmp_path: Path) -> None:
    module = tmp_path / "module"
    (module / "mango").mkdir(parents=True)
    (module / "go.mod").write_text("module github.com/mango-ai/mango-go\n\ngo 1.27\n", encoding="utf-8")
    # transfer.go wraps the real spec's Files and Skills operations and media.go builds its content blocks,
    # all absent from the tiny spec.
    for source in HAND_WRITTEN.glob("*.go"):
        if not source.name.endswith("_test.go") and source.name not in ("transfer.go", "media.go"):
            shutil.copy(source, module / "mango" / source.name)
    (module / "mango" / "tiny_test.go").write_text(TINY_TEST, encoding="utf-8")
    _write(go.render(check_spec(copy.deepcopy(TINY))), module / "api")
    env = _go_env(tmp_path)
    _run([str(GO), "vet", "./..."], module, env)
    _run([str(GO), "test", "-count=1", "./..."], module, env)


def _schemas(spec: Spec) -> dict[str, Any]:
    schemas: dict[str, Any] = spec["components"]["schemas"]
    return schemas


def _any_of(spec: Spec) -> None:
    _schemas(spec)["Note"]["properties"]["title"] = {"anyOf": [{"type": "string"}, {"type": "integer"}]}


def _same_kind_branches(spec: Spec) -> None:
    _schemas(spec)["Note"]["properties"]["title"] = {"oneOf": [{"type": "string"}, {"type": "string"}]}


def _integer_enum(spec: Spec) -> None:
    _schemas(spec)["Note"]["properties"]["title"] = {"type": "integer", "enum": [1, 2]}


def _name_collision(spec: Spec) -> None:
    _schemas(spec)["note_create"] = copy.deepcopy(_schemas(spec)["NoteCreate"])


def _xml_body(spec: Spec) -> None:
    content = spec["paths"]["/v1/notes"]["post"]["requestBody"]["content"]
    content["application/xml"] = content.pop("application/json")


def _field_collision(spec: Spec) -> None:
    _schemas(spec)["Note"]["properties"]["created-at"] = {"type": "string"}


def _foreign_ref(spec: Spec) -> None:
    _schemas(spec)["Note"]["properties"]["title"] = {"$ref": "#/components/parameters/Limit/schema"}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        pytest.param(_any_of, "anyOf is not supported", id="anyOf"),
        pytest.param(_same_kind_branches, "must differ in JSON kind", id="untagged-same-kind"),
        pytest.param(_integer_enum, "only string enums are supported", id="integer-enum"),
        pytest.param(_name_collision, "Go name NoteCreate is already used", id="type-collision"),
        pytest.param(_xml_body, "unsupported media type 'application/xml'", id="xml-body"),
        pytest.param(_field_collision, "both map to Go field CreatedAt", id="field-collision"),
        pytest.param(_foreign_ref, "unsupported $ref", id="foreign-ref"),
    ],
)
def test_bad_specs_fail_with_a_clear_message(mini_spec: Spec, mutate: Callable[[Spec], None], message: str) -> None:
    mutate(mini_spec)
    with pytest.raises(ValueError, match=message.replace("$", r"\$").replace("(", r"\(")):
        go.render(mini_spec)
