import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { DEFAULT_BASE_URL, Mango } from "../src/client.js";
import type { Transport } from "../src/core.js";
import { Resources } from "../src/generated/resources.js";
import * as sdk from "../src/index.js";

const saved = { base: process.env["MANGO_BASE_URL"], key: process.env["MANGO_API_KEY"] };
afterEach(() => {
  for (const [name, value] of [["MANGO_BASE_URL", saved.base], ["MANGO_API_KEY", saved.key]] as const) {
    if (value === undefined) {
      delete process.env[name];
    } else {
      process.env[name] = value;
    }
  }
});

function capture(): { fetch: typeof fetch; calls: Array<{ url: string; headers: Headers }> } {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fake as typeof fetch, calls };
}

const transportOf = (client: Mango): Transport => (client as unknown as { _transport: Transport })._transport;

test("defaults come from MANGO_BASE_URL and MANGO_API_KEY", async () => {
  process.env["MANGO_BASE_URL"] = "http://mango.internal:9000/";
  process.env["MANGO_API_KEY"] = "mk_env";
  const { fetch, calls } = capture();
  const client = new Mango({ fetch });
  assert.equal(client.baseURL, "http://mango.internal:9000/");
  assert.equal(client.apiKey, "mk_env");
  assert.equal(client.maxRetries, 2);
  await transportOf(client).request({ method: "GET", path: "/v1/health" });
  assert.equal(calls[0]!.url, "http://mango.internal:9000/v1/health");
  assert.equal(calls[0]!.headers.get("authorization"), "Bearer mk_env");
});

test("explicit options win over the environment", () => {
  process.env["MANGO_BASE_URL"] = "http://env";
  process.env["MANGO_API_KEY"] = "mk_env";
  const client = new Mango({ baseURL: "http://explicit", apiKey: "mk_explicit", maxRetries: 5, timeoutMs: 10 });
  assert.equal(client.baseURL, "http://explicit");
  assert.equal(client.apiKey, "mk_explicit");
  assert.equal(client.maxRetries, 5);
  assert.equal(client.timeoutMs, 10);
});

test("without environment the client targets the local default and sends no key", async () => {
  delete process.env["MANGO_BASE_URL"];
  delete process.env["MANGO_API_KEY"];
  const { fetch, calls } = capture();
  const client = new Mango({ fetch });
  assert.equal(client.baseURL, DEFAULT_BASE_URL);
  assert.equal(client.apiKey, null);
  await transportOf(client).request({ method: "GET", path: "/v1/health" });
  assert.equal(calls[0]!.headers.get("authorization"), null);
});

test("the client exposes the generated resource namespaces", () => {
  const client = new Mango({ apiKey: "k" });
  assert.ok(client instanceof Resources);
  const namespaces = Object.keys(client).filter((key) => !key.startsWith("_") && typeof (client as never)[key] === "object");
  assert.ok(namespaces.length > 0);
});

test("the package index exports the client and the error hierarchy", () => {
  const expected = [
    "Mango", "MangoError", "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
    "PermissionDeniedError", "NotFoundError", "MethodNotAllowedError", "ConflictError", "PreconditionFailedError",
    "RequestTooLargeError", "RateLimitError", "InternalServerError", "NotImplementedError", "ServiceUnavailableError",
    "APIConnectionError", "APITimeoutError", "Page", "PagePromise", "Stream", "HTTPTransport",
  ];
  for (const name of expected) {
    assert.ok(name in sdk, `missing export ${name}`);
  }
});
