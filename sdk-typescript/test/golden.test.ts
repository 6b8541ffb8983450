/**
 * Replays every `conformance/golden/*.json` exchange (format: conformance/golden/README.md)
 * against the client: a local server answers the listed exchanges in order and records any
 * request that differs; the call goes through the resource namespace named by the operationId.
 * `MANGO_GOLDEN_DIR` points the replay at another folder of exchanges.
 */

import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Mango } from "../src/client.js";
import type { RequestOptions } from "../src/core.js";
import { APIStatusError } from "../src/errors.js";
import { PagePromise } from "../src/pagination.js";
import { type Recorded, startServer } from "./helpers.js";

interface Exchange {
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string>;
    body?: unknown;
  };
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
    body_text?: string | null;
    close_after?: boolean;
  };
}

interface Golden {
  name: string;
  call: {
    operation: string;
    mode?: "call" | "iterate" | "stream";
    path?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
  };
  client?: { api_key?: string; max_retries?: number };
  exchanges: Exchange[];
  expect: { result?: unknown; error?: { status?: number; type?: string; request_id?: string } };
}

function goldenDir(): string {
  const override = process.env["MANGO_GOLDEN_DIR"];
  if (override) {
    return override;
  }
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "conformance", "golden");
    if (existsSync(candidate)) {
      return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error("conformance/golden not found above the test build");
    }
    dir = parent;
  }
}

/** Spec query names to SDK params keys: `tags[]` → `tags`, `created_at[gte]` → `created_at.gte`. */
function toParams(query: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { ...body };
  for (const [name, value] of Object.entries(query)) {
    const bracket = /^([A-Za-z_][A-Za-z0-9_]*)\[([A-Za-z_][A-Za-z0-9_]*)\]$/.exec(name);
    if (bracket) {
      const group = (params[bracket[1]!] ?? {}) as Record<string, unknown>;
      params[bracket[1]!] = { ...group, [bracket[2]!]: value };
    } else {
      params[name.endsWith("[]") ? name.slice(0, -2) : name] = value;
    }
  }
  return params;
}

function mismatches(exchange: Exchange, got: Recorded, wildcards: Map<string, string>): string[] {
  const want = exchange.request;
  const problems: string[] = [];
  if (got.method !== want.method) problems.push(`method ${got.method} != ${want.method}`);
  if (got.url.pathname !== want.path) problems.push(`path ${got.url.pathname} != ${want.path}`);
  const query: Record<string, string[]> = {};
  for (const key of new Set(got.url.searchParams.keys())) query[key] = got.url.searchParams.getAll(key);
  try {
    assert.deepEqual(query, want.query ?? {});
  } catch {
    problems.push(`query ${JSON.stringify(query)} != ${JSON.stringify(want.query ?? {})}`);
  }
  for (const [name, wanted] of Object.entries(want.headers ?? {})) {
    const actual = (got.headers as IncomingHttpHeaders)[name.toLowerCase()];
    // "*": any value, the same one in every exchange of the file (a key reused by retries)
    const value = wanted === "*" && typeof actual === "string" ? (wildcards.get(name) ?? actual) : wanted;
    if (wanted === "*" && typeof actual === "string") wildcards.set(name, value);
    if (actual !== value) problems.push(`header ${name}: ${String(actual)} != ${value}`);
  }
  const wantBody = want.body ?? null;
  const isMultipart = String(got.headers["content-type"] ?? "").startsWith("multipart/");
  if (!isMultipart) {
    let gotBody: unknown = null;
    try {
      gotBody = got.body === "" ? null : JSON.parse(got.body);
    } catch {
      gotBody = got.body;
    }
    try {
      assert.deepEqual(gotBody, wantBody);
    } catch {
      problems.push(`body ${JSON.stringify(gotBody)} != ${JSON.stringify(wantBody)}`);
    }
  }
  return problems;
}

function answer(res: ServerResponse, exchange: Exchange): void {
  const { status, headers = {}, body, body_text: text, close_after: drop } = exchange.response;
  const payload = typeof text === "string" ? text : body === undefined || body === null ? "" : JSON.stringify(body);
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !["content-length", "transfer-encoding"].includes(name.toLowerCase())),
  );
  res.writeHead(status, sent);
  if (drop) {
    res.write(payload, () => res.socket?.destroy());
  } else {
    res.end(payload);
  }
}

async function collect(iterable: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function perform(client: Mango, golden: Golden): Promise<unknown> {
  const segments = golden.call.operation.split(".");
  let target: unknown = client;
  for (const segment of segments.slice(0, -1)) {
    target = (target as Record<string, unknown>)[segment];
    assert.ok(target, `no resource namespace ${segment} for ${golden.call.operation}`);
  }
  const verb = segments.at(-1)!;
  const method = (target as Record<string, unknown>)[verb];
  assert.equal(typeof method, "function", `no method for ${golden.call.operation}`);
  const args: unknown[] = Object.values(golden.call.path ?? {});
  const params = toParams(golden.call.query ?? {}, golden.call.body ?? {});
  // Generated methods take (path params..., params?, options?): one more declared argument
  // than path params plus options means the operation has query, header or body fields.
  const takesParams = (method as (...a: unknown[]) => unknown).length === args.length + 2;
  if (takesParams) args.push(golden.call.query === undefined && golden.call.body === undefined ? undefined : params);
  else assert.deepEqual(params, {}, `${golden.call.operation} takes no params`);
  const options: RequestOptions = { headers: golden.call.headers ?? {} };
  const result = (method as (...a: unknown[]) => unknown).apply(target, [...args, options]);
  const mode = golden.call.mode ?? "call";
  if (mode === "iterate") return collect(result as AsyncIterable<unknown>);
  if (mode === "stream") return collect(result as AsyncIterable<unknown>);
  if (result instanceof PagePromise) return (await result.page()).raw;
  const value = await result;
  // Binary answers compare as {"base64": ...} of their bytes (the convention of the golden files).
  if (value instanceof Response) return { base64: Buffer.from(await value.arrayBuffer()).toString("base64") };
  return value ?? null;
}

const dir = goldenDir();
const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();

if (files.length === 0) {
  test("golden exchanges", { skip: `no golden exchanges in ${dir} yet` }, () => undefined);
}

for (const file of files) {
  const golden = JSON.parse(readFileSync(join(dir, file), "utf8")) as Golden;
  test(`golden ${golden.name ?? file}`, async () => {
    const problems: string[] = [];
    const wildcards = new Map<string, string>();
    const server = await startServer((req, res, index) => {
      const exchange = golden.exchanges[index];
      if (exchange === undefined) {
        problems.push(`unexpected request #${index + 1}: ${req.method} ${req.url.pathname}${req.url.search}`);
        res.writeHead(599);
        res.end();
        return;
      }
      problems.push(...mismatches(exchange, req, wildcards).map((p) => `request #${index + 1}: ${p}`));
      answer(res, exchange);
    });
    try {
      const client = new Mango({
        baseURL: server.url,
        apiKey: golden.client?.api_key ?? "mango-test-key",
        maxRetries: golden.client?.max_retries ?? 2,
        backoff: { initialDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
      });
      let result: unknown;
      let error: unknown;
      try {
        result = await perform(client, golden);
      } catch (caught) {
        error = caught;
      }
      assert.deepEqual(problems, [], "requests differ from the golden exchanges");
      assert.equal(server.requests.length, golden.exchanges.length, "not every exchange was replayed");
      if (golden.expect.error !== undefined) {
        assert.ok(error instanceof APIStatusError, `expected an API error, got ${String(error ?? result)}`);
        const want = golden.expect.error;
        if (want.status !== undefined) assert.equal(error.status, want.status);
        if (want.type !== undefined) assert.equal(error.errorType, want.type);
        if (want.request_id !== undefined) assert.equal(error.requestId, want.request_id);
      } else {
        if (error !== undefined) throw error;
        assert.deepEqual(result, golden.expect.result);
      }
    } finally {
      await server.close();
    }
  });
}
