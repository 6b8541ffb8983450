"""TypeScript target: golden output for the mini spec, a compiled-and-run functional test, bad specs."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from mango_generators import typescript
from mango_generators._common import GeneratedFile, has_marker, marker_line

Spec = dict[str, Any]

REPO_ROOT = Path(__file__).resolve().parents[2]
SDK_DIR = REPO_ROOT / "sdk-typescript"
TSC = SDK_DIR / "node_modules" / ".bin" / "tsc"
needs_tsc = pytest.mark.skipif(not TSC.exists(), reason="sdk-typescript/node_modules missing (run `make install-node`)")

TINY: Spec = {
    "openapi": "3.1.0",
    "info": {"title": "Tiny", "version": "1"},
    "paths": {
        "/v1/widgets": {
            "get": {
                "operationId": "widgets.list",
                "x-mango-paginated": True,
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "page", "in": "query", "schema": {"type": "string"}},
                    {"name": "colours[]", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "created_at[gte]", "in": "query", "schema": {"type": "string"}},
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
                "parameters": [{"name": "dry_run", "in": "query", "schema": {"type": "boolean"}}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WidgetCreate"}}},
                },
                "responses": {
                    "200": {
                        "description": "The widget.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Widget"}}},
                    }
                },
            },
        },
        "/v1/widgets/{widget_id}/parts/{part_id}": {
            "get": {
                "operationId": "widgets.parts.get",
                "parameters": [
                    {"name": "widget_id", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "part_id", "in": "path", "required": True, "schema": {"type": "string"}},
                ],
                "responses": {
                    "200": {
                        "description": "The part.",
                        "content": {
                            "application/json": {
                                "schema": {"type": "object", "properties": {"part": {"type": "string"}}}
                            }
                        },
                    }
                },
            }
        },
        "/v1/widgets/{widget_id}/events/stream": {
            "get": {
                "operationId": "widgets.events.stream",
                "x-mango-stream": True,
                "parameters": [
                    {"name": "widget_id", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}},
                ],
                "responses": {
                    "200": {
                        "description": "Events.",
                        "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/WidgetEvent"}}},
                    }
                },
            }
        },
    },
    "components": {
        "schemas": {
            "WidgetCreate": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "name": {"type": "string"},
                    "size": {"type": ["integer", "null"]},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "extra": {},
                },
            },
            "Widget": {
                "type": "object",
                "required": ["type", "id", "name"],
                "properties": {
                    "type": {"type": "string", "const": "widget"},
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "colour": {"type": "string", "enum": ["red", "blue"]},
                },
            },
            "WidgetList": {
                "type": "object",
                "required": ["data", "next_page"],
                "properties": {
                    "data": {"type": "array", "items": {"$ref": "#/components/schemas/Widget"}},
                    "next_page": {"type": ["string", "null"]},
                },
            },
            "Spun": {
                "type": "object",
                "required": ["type", "rpm"],
                "properties": {"type": {"const": "spun"}, "rpm": {"type": "number"}},
            },
            "Stopped": {"type": "object", "required": ["type"], "properties": {"type": {"const": "stopped"}}},
            "WidgetEvent": {
                "oneOf": [{"$ref": "#/components/schemas/Spun"}, {"$ref": "#/components/schemas/Stopped"}],
                "discriminator": {
                    "propertyName": "type",
                    "mapping": {"spun": "#/components/schemas/Spun", "stopped": "#/components/schemas/Stopped"},
                },
            },
        }
    },
}

# Exercises the rendered client through its types (a type error fails compilation) and prints
# what each call put on the wire, through a fake fetch, for the test to check.
USAGE = """
import { Mango } from "./client.js";
import type { Widget, WidgetEvent, WidgetsPartsGetResponse } from "./generated/types.js";

const sent: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
const answers: unknown[] = [
  { type: "widget", id: "w_1", name: "a" },
  { data: [{ type: "widget", id: "w_1", name: "a" }], next_page: "c2" },
  { data: [{ type: "widget", id: "w_2", name: "b" }], next_page: null },
  { part: "p" },
];
const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  sent.push({ method: init?.method ?? "GET", url: String(input), body: init?.body ?? null, headers });
  if (headers["accept"] === "text/event-stream") {
    const text = 'event: spun\\nid: e1\\ndata: {"type":"spun","rpm":3}\\n\\nevent: ping\\ndata: {}\\n\\n';
    return new Response(text, { headers: { "content-type": "text/event-stream" } });
  }
  return new Response(JSON.stringify(answers.shift()), { headers: { "content-type": "application/json" } });
};

const client = new Mango({ baseURL: "http://api.test", apiKey: "k", fetch: fake as typeof fetch });
const created: Widget = await client.widgets.create({ name: "a", size: null, labels: { x: "y" }, dry_run: true });
const names: string[] = [];
for await (const widget of client.widgets.list({ limit: 1, colours: ["red"], created_at: { gte: "t0" } })) {
  names.push(widget.name);
}
const part: WidgetsPartsGetResponse = await client.widgets.parts.get("w 1", "p/2");
const events: WidgetEvent[] = [];
for await (const event of client.widgets.events.stream("w_1", { last_event_id: "e0" })) {
  events.push(event);
}
const typeChecksOnly = (): void => {
  // @ts-expect-error name is required
  void client.widgets.create({ size: 1 });
  // @ts-expect-error path parameters are positional
  void client.widgets.parts.get("w_1");
};
void typeChecksOnly;
console.log(JSON.stringify({ created, names, part, events, sent }));
"""


def _render(spec: Spec) -> list[GeneratedFile]:
    return typescript.render(copy.deepcopy(spec))


def test_mini_golden(mini_spec: Spec, assert_golden: Callable[[str, Iterable[GeneratedFile], str], None]) -> None:
    assert_golden("typescript", typescript.render(mini_spec), "sdk-typescript/src/generated")


def test_files_are_marked_and_deterministic(mini_spec: Spec) -> None:
    first = _render(mini_spec)
    assert [file.path.as_posix() for file in first] == [
        "sdk-typescript/src/generated/types.ts",
        "sdk-typescript/src/generated/resources.ts",
        "sdk-typescript/src/generated/errors.ts",
    ]
    for file in first:
        assert file.content.splitlines()[0] == marker_line("//")
        assert has_marker(file.content)
    assert _render(mini_spec) == first


def test_resources_carry_no_transport_logic(mini_spec: Spec) -> None:
    resources = next(f.content for f in _render(mini_spec) if f.path.name == "resources.ts")
    assert "fetch(" not in resources
    assert 'from "../core.js"' in resources
    assert "export class NotesEvents" in resources
    assert "readonly events: NotesEvents;" in resources
    assert "stream(noteId: string, options?: RequestOptions): Stream<NoteEvent>" in resources
    assert "list(params?: NotesListParams, options?: RequestOptions): PagePromise<Note>" in resources
    assert '"tags[]": params?.tags' in resources


@needs_tsc
def test_rendered_client_compiles_and_calls(tmp_path: Path) -> None:
    # transfer.ts (and its zip writer) wrap the real spec's Files and Skills operations, and media.ts builds
    # the real spec's content blocks: all absent from TINY.
    shutil.copytree(
        SDK_DIR / "src",
        tmp_path / "src",
        ignore=shutil.ignore_patterns("generated", "transfer.ts", "zip.ts", "media.ts"),
    )
    index = tmp_path / "src" / "index.ts"
    index.write_text(
        re.sub(r"export \{[^}]*\} from \"\./(transfer|media)\.js\";\n", "", index.read_text()), encoding="utf-8"
    )
    for name in ("package.json", "tsconfig.json"):
        shutil.copy(SDK_DIR / name, tmp_path / name)
    (tmp_path / "node_modules").symlink_to(SDK_DIR / "node_modules", target_is_directory=True)
    for file in _render(TINY):
        target = tmp_path / "src" / "generated" / file.path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.content, encoding="utf-8")
    (tmp_path / "src" / "usage.ts").write_text(USAGE, encoding="utf-8")
    build = subprocess.run(
        [str(TSC), "-p", ".", "--outDir", "out"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run(
        ["node", "out/src/usage.js"], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["created"]["id"] == "w_1"
    assert out["names"] == ["a", "b"]
    assert out["part"] == {"part": "p"}
    assert out["events"] == [{"type": "spun", "rpm": 3}]
    create, first, second, part, stream = out["sent"]
    assert (create["method"], create["url"]) == ("POST", "http://api.test/v1/widgets?dry_run=true")
    assert json.loads(create["body"]) == {"name": "a", "size": None, "labels": {"x": "y"}}
    assert create["headers"]["authorization"] == "Bearer k"
    assert first["url"] == "http://api.test/v1/widgets?limit=1&colours%5B%5D=red&created_at%5Bgte%5D=t0"
    assert second["url"] == "http://api.test/v1/widgets?limit=1&page=c2&colours%5B%5D=red&created_at%5Bgte%5D=t0"
    assert part["url"] == "http://api.test/v1/widgets/w%201/parts/p%2F2"
    assert stream["headers"]["last-event-id"] == "e0"


def _tiny() -> Spec:
    return copy.deepcopy(TINY)


def _schemas(spec: Spec) -> dict[str, Any]:
    schemas: dict[str, Any] = spec["components"]["schemas"]
    return schemas


def _bad_keyword(spec: Spec) -> None:
    _schemas(spec)["Widget"]["properties"]["name"] = {"not": {"type": "string"}}


def _cookie(spec: Spec) -> None:
    spec["paths"]["/v1/widgets"]["post"]["parameters"].append({"name": "sid", "in": "cookie", "schema": {}})


def _array_body(spec: Spec) -> None:
    body = spec["paths"]["/v1/widgets"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = {"type": "array", "items": {"type": "string"}}


def _collision(spec: Spec) -> None:
    spec["paths"]["/v1/widgets"]["post"]["parameters"].append({"name": "name", "in": "query", "schema": {}})


def _no_data(spec: Spec) -> None:
    del _schemas(spec)["WidgetList"]["properties"]["data"]


def _bad_operation_id(spec: Spec) -> None:
    spec["paths"]["/v1/widgets"]["get"]["operationId"] = "listWidgets"


def _reserved_name(spec: Spec) -> None:
    _schemas(spec)["Response"] = {"type": "object"}


def _xml(spec: Spec) -> None:
    spec["paths"]["/v1/widgets"]["post"]["requestBody"]["content"] = {"application/xml": {"schema": {}}}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (_bad_keyword, r"schema Widget\.name: unsupported schema keyword 'not'"),
        (_cookie, r"operation widgets\.create: parameter 'sid' in 'cookie' is not supported"),
        (_array_body, r"operation widgets\.create: request body must be an object schema"),
        (_collision, r"operation widgets\.create: params names \['name'\] are used twice"),
        (_no_data, r"operation widgets\.list: x-mango-paginated response needs a 'data' array"),
        (_bad_operation_id, r"operation listWidgets: operationId must be"),
        (_reserved_name, r"schema Response: type name 'Response' is reserved"),
        (_xml, r"operation widgets\.create: request content types \['application/xml'\] are not supported"),
    ],
)
def test_bad_specs_fail_with_a_clear_message(mutate: Callable[[Spec], None], message: str) -> None:
    spec = _tiny()
    mutate(spec)
    with pytest.raises(ValueError, match=message):
        typescript.render(spec)
