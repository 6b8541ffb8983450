import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import {
  APIConnectionError,
  APIError,
  APIStatusError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  MangoError,
  MethodNotAllowedError,
  NotFoundError,
  NotImplementedError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  RequestTooLargeError,
  ServiceUnavailableError,
} from "../src/errors.js";
import { errorFromEnvelope } from "../src/errors.js";
import { type TestServer, envelope, json, startServer, transport } from "./helpers.js";

const CASES: Array<[number, string, abstract new (...args: never[]) => APIStatusError]> = [
  [400, "invalid_request_error", BadRequestError],
  [401, "authentication_error", AuthenticationError],
  [403, "permission_error", PermissionDeniedError],
  [404, "not_found_error", NotFoundError],
  [405, "method_not_allowed", MethodNotAllowedError],
  [409, "conflict_error", ConflictError],
  [412, "precondition_failed", PreconditionFailedError],
  [413, "request_too_large", RequestTooLargeError],
  [429, "rate_limit_error", RateLimitError],
  [500, "api_error", InternalServerError],
  [501, "not_implemented", NotImplementedError],
  [503, "overloaded", ServiceUnavailableError],
];

describe("status errors", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer((req, res) => {
      const status = Number(req.url.searchParams.get("status"));
      const type = CASES.find(([s]) => s === status)?.[1] ?? "api_error";
      json(res, status, envelope(type, `failed with ${status}`, `req_body_${status}`), { "request-id": `req_${status}` });
    });
  });
  after(() => server.close());

  for (const [status, type, cls] of CASES) {
    test(`${status} raises ${cls.name} with the request id`, async () => {
      const client = transport(server.url, { maxRetries: 0 });
      const error = await client.request({ method: "GET", path: "/v1/x", query: { status } }).then(
        () => assert.fail("expected an error"),
        (e: unknown) => e,
      );
      assert.ok(error instanceof cls, `got ${String(error)}`);
      assert.ok(error instanceof APIStatusError && error instanceof APIError && error instanceof MangoError);
      assert.equal(error.status, status);
      assert.equal(error.requestId, `req_${status}`);
      assert.equal(error.errorType, type);
      assert.deepEqual(error.body, envelope(type, `failed with ${status}`, `req_body_${status}`));
      assert.match(error.message, new RegExp(`failed with ${status}`));
      assert.equal(error.name, cls.name);
    });
  }

  test("request id falls back to the envelope without a header", () => {
    const error = errorFromEnvelope(envelope("not_found_error", "gone", "req_env"));
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.status, 404);
    assert.equal(error.requestId, "req_env");
  });

  test("an unlisted status is a plain APIStatusError", async () => {
    const client = transport(server.url, { maxRetries: 0 });
    const error = await client.request({ method: "GET", path: "/v1/x", query: { status: 418 } }).catch((e: unknown) => e);
    assert.ok(error instanceof APIStatusError);
    assert.equal(error.constructor, APIStatusError);
    assert.equal(error.status, 418);
  });
});

describe("connection errors", () => {
  test("a refused connection raises APIConnectionError", async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const error = await transport(closed.url, { maxRetries: 0 })
      .request({ method: "GET", path: "/v1/x" })
      .catch((e: unknown) => e);
    assert.ok(error instanceof APIConnectionError);
    assert.ok(!(error instanceof APITimeoutError));
  });

  test("a slow answer raises APITimeoutError", async () => {
    const slow = await startServer((_req, res) => {
      setTimeout(() => json(res, 200, {}), 500);
    });
    try {
      const error = await transport(slow.url, { maxRetries: 0, timeoutMs: 50 })
        .request({ method: "GET", path: "/v1/x" })
        .catch((e: unknown) => e);
      assert.ok(error instanceof APITimeoutError, String(error));
      assert.ok(error instanceof APIConnectionError);
    } finally {
      await slow.close();
    }
  });
});
