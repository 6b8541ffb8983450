import assert from "node:assert/strict";
import { test } from "node:test";

import type { HTTPMethod } from "../src/core.js";
import { APIConnectionError, InternalServerError, RateLimitError, makeStatusError } from "../src/errors.js";
import { isRetryable, parseRetryAfter, retryDelay } from "../src/retry.js";
import { envelope, json, startServer, transport } from "./helpers.js";

/** Fail the first `failures` requests with `status`, then answer 200; report how many arrived. */
async function attempts(method: HTTPMethod, status: number, failures = 1, maxRetries = 2): Promise<[number, unknown]> {
  const server = await startServer((_req, res, index) => {
    if (index < failures) {
      json(res, status, envelope("api_error", "no", `req_${index}`), { "request-id": `req_${index}` });
    } else {
      json(res, 200, { ok: true });
    }
  });
  try {
    const result = await transport(server.url, { maxRetries })
      .request({ method, path: "/v1/x", body: method === "GET" ? undefined : {} })
      .catch((e: unknown) => e);
    return [server.requests.length, result];
  } finally {
    await server.close();
  }
}

test("GET is retried on 503 and on 500", async () => {
  for (const status of [503, 500, 502]) {
    const [count, result] = await attempts("GET", status, 2);
    assert.equal(count, 3, `status ${status}`);
    assert.deepEqual(result, { ok: true });
  }
});

test("POST is retried on 429 and 503", async () => {
  for (const status of [429, 503]) {
    const [count, result] = await attempts("POST", status, 1);
    assert.equal(count, 2, `status ${status}`);
    assert.deepEqual(result, { ok: true });
  }
});

test("POST carries an Idempotency-Key and is retried on 500 with the same key", async () => {
  const [count, result] = await attempts("POST", 500, 2);
  assert.equal(count, 3);
  assert.deepEqual(result, { ok: true });
});

test("POST without a key is not retried on 500", () => {
  assert.equal(isRetryable("POST", makeStatusError(500, undefined)), false);
  assert.equal(isRetryable("POST", makeStatusError(500, undefined), true), true);
  assert.equal(isRetryable("POST", makeStatusError(501, undefined), true), false);
  assert.ok(makeStatusError(500, undefined) instanceof InternalServerError);
});

test("every logical mutation gets a fresh key, reused by its retries; reads get none; a caller key is kept", async () => {
  const server = await startServer((_req, res, index) => {
    if (index === 0) {
      res.socket?.destroy();
    } else {
      json(res, 200, { ok: true });
    }
  });
  try {
    const client = transport(server.url);
    await client.request({ method: "POST", path: "/v1/x", body: {} });
    await client.request({ method: "DELETE", path: "/v1/x" });
    await client.request({ method: "GET", path: "/v1/x" });
    await client.request({ method: "POST", path: "/v1/x", options: { headers: { "Idempotency-Key": "mine" } } });
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    assert.equal(keys.length, 5);
    assert.match(String(keys[0]), /^mango-ts-[0-9a-f-]{36}$/);
    assert.equal(keys[1], keys[0], "the retry reuses the key");
    assert.notEqual(keys[2], keys[0], "another call has another key");
    assert.equal(keys[3], undefined, "reads carry no key");
    assert.equal(keys[4], "mine");
  } finally {
    await server.close();
  }
});

test("retries stop after maxRetries", async () => {
  const [count, result] = await attempts("GET", 429, 10, 2);
  assert.equal(count, 3);
  assert.ok(result instanceof RateLimitError);
  assert.equal(result.requestId, "req_2");
});

test("POST (with its key) and GET are retried on a dropped connection", async () => {
  for (const [method, expected] of [["POST", 2], ["GET", 2]] as const) {
    const server = await startServer((_req, res, index) => {
      if (index === 0) {
        res.socket?.destroy();
      } else {
        json(res, 200, { ok: true });
      }
    });
    try {
      const result = await transport(server.url)
        .request({ method, path: "/v1/x" })
        .catch((e: unknown) => e);
      assert.equal(server.requests.length, expected, method);
      assert.deepEqual(result, { ok: true });
    } finally {
      await server.close();
    }
  }
});

test("retry-after is honoured (seconds and HTTP date), capped", () => {
  assert.equal(parseRetryAfter("2"), 2000);
  assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6000);
  assert.equal(parseRetryAfter("soon"), null);
  const error = makeStatusError(429, envelope("rate_limit_error", "slow", "r"), new Headers({ "retry-after": "3" }));
  assert.equal(retryDelay(0, error), 3000);
  assert.equal(retryDelay(0, error, { maxRetryAfterMs: 1000 }), 1000);
});

test("backoff grows exponentially with bounded jitter", () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1000 };
  for (const [attempt, base] of [[0, 100], [1, 200], [2, 400], [5, 1000]] as const) {
    const delay = retryDelay(attempt, new APIConnectionError(), options);
    assert.ok(delay <= base && delay >= base * 0.75, `attempt ${attempt}: ${delay}`);
  }
});

test("retry rules by method and error", () => {
  const status = (code: number) => makeStatusError(code, undefined);
  assert.equal(isRetryable("GET", status(500)), true);
  assert.equal(isRetryable("GET", status(404)), false);
  assert.equal(isRetryable("DELETE", status(500)), false);
  assert.equal(isRetryable("DELETE", status(500), true), true);
  assert.equal(isRetryable("POST", new APIConnectionError(), true), true);
  assert.equal(isRetryable("DELETE", status(503)), true);
  assert.equal(isRetryable("PATCH", status(429)), true);
  assert.equal(isRetryable("GET", new APIConnectionError()), true);
  assert.equal(isRetryable("POST", new APIConnectionError()), false);
  assert.equal(isRetryable("GET", new Error("bug")), false);
});
