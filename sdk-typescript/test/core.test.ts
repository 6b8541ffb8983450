import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { encodeQuery } from "../src/core.js";
import { type TestServer, json, startServer, transport } from "./helpers.js";

let server: TestServer;
before(async () => {
  server = await startServer((req, res) => {
    if (req.url.pathname === "/v1/bytes") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(Buffer.from([0, 1, 2, 255]));
      return;
    }
    if (req.url.pathname === "/v1/empty") {
      res.writeHead(204);
      res.end();
      return;
    }
    json(res, 200, { echoed: true });
  });
});
after(() => server.close());

test("query encoding: arrays repeat key[] , bracket filters, skips undefined", () => {
  const query = encodeQuery({
    limit: 2,
    "tags[]": ["a", "b c"],
    created_at: { gte: "2025-01-01T00:00:00Z", lte: new Date(0) },
    page: undefined,
    archived: false,
    nothing: null,
  });
  assert.deepEqual(
    [...query.entries()],
    [
      ["limit", "2"],
      ["tags[]", "a"],
      ["tags[]", "b c"],
      ["created_at[gte]", "2025-01-01T00:00:00Z"],
      ["created_at[lte]", "1970-01-01T00:00:00.000Z"],
      ["archived", "false"],
    ],
  );
});

test("a JSON call sends auth, accept, content type, query and body", async () => {
  const result = await transport(server.url).request<{ echoed: boolean }>({
    method: "POST",
    path: "/v1/things",
    query: { "tags[]": ["x", "y"], "created_at[gte]": "t" },
    body: { name: "n", nested: { a: [1] } },
    options: { headers: { "x-extra": "1" } },
  });
  assert.deepEqual(result, { echoed: true });
  const sent = server.requests.at(-1)!;
  assert.equal(sent.method, "POST");
  assert.equal(sent.url.pathname, "/v1/things");
  assert.deepEqual(sent.url.searchParams.getAll("tags[]"), ["x", "y"]);
  assert.equal(sent.url.searchParams.get("created_at[gte]"), "t");
  assert.equal(sent.headers["authorization"], "Bearer mango-test-key");
  assert.equal(sent.headers["content-type"], "application/json");
  assert.equal(sent.headers["accept"], "application/json");
  assert.equal(sent.headers["x-extra"], "1");
  assert.deepEqual(JSON.parse(sent.body), { name: "n", nested: { a: [1] } });
});

test("a call without body sends none and no content type; no key sends no auth", async () => {
  await transport(server.url, { apiKey: null }).request({ method: "POST", path: "/v1/things/archive" });
  const sent = server.requests.at(-1)!;
  assert.equal(sent.body, "");
  assert.equal(sent.headers["content-type"], undefined);
  assert.equal(sent.headers["authorization"], undefined);
});

test("multipart uploads send form fields and files", async () => {
  await transport(server.url).request({
    method: "POST",
    path: "/v1/files",
    body: { file: new Blob(["hello"], { type: "text/plain" }), purpose: "notes", raw: new Uint8Array([104, 105]) },
    multipart: true,
  });
  const sent = server.requests.at(-1)!;
  assert.match(String(sent.headers["content-type"]), /^multipart\/form-data; boundary=/);
  assert.match(sent.body, /name="file"; filename="upload"\r\nContent-Type: text\/plain\r\n\r\nhello\r\n/);
  assert.match(sent.body, /name="purpose"\r\n\r\nnotes\r\n/);
  assert.match(sent.body, /name="raw"; filename="upload"\r\nContent-Type: application\/octet-stream\r\n\r\nhi\r\n/);
});

test("binary downloads return the raw response", async () => {
  const response = await transport(server.url).request({ method: "GET", path: "/v1/bytes", binary: true });
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), new Uint8Array([0, 1, 2, 255]));
  assert.equal(server.requests.at(-1)!.headers["accept"], "application/octet-stream");
});

test("an empty answer decodes to undefined", async () => {
  const result = await transport(server.url).request({ method: "DELETE", path: "/v1/empty" });
  assert.equal(result, undefined);
});

test("a user abort is not retried and surfaces as an abort", async () => {
  const controller = new AbortController();
  controller.abort();
  const error = await transport(server.url)
    .request({ method: "GET", path: "/v1/x", options: { signal: controller.signal } })
    .catch((e: unknown) => e);
  assert.equal((error as Error).name, "AbortError");
});
