/**
 * The browser entry: it exports the client without the Node-only transfers, and in a page
 * (a `document` global) requests carry no User-Agent, which browsers refuse to let a page set.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import * as browser from "../src/browser.js";
import * as node from "../src/index.js";

test("the browser entry has the client but none of the file-system transfers", () => {
  assert.equal(typeof browser.Mango, "function");
  assert.equal(typeof browser.parseSSE, "function");
  assert.equal("uploadFile" in browser, false);
  assert.equal("downloadFile" in browser, false);
  assert.equal(typeof node.uploadFile, "function");
});

test("in a page the SDK sends no User-Agent; on Node it does", async () => {
  const seen: Array<string | null> = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    seen.push(new Headers(init?.headers).get("user-agent"));
    return new Response(JSON.stringify({ status: "ok" }), { headers: { "content-type": "application/json" } });
  };
  const client = new browser.Mango({ baseURL: "http://127.0.0.1:1", apiKey: "k", fetch });
  await client.system.health();
  const host = globalThis as { document?: unknown };
  host.document = {};
  try {
    await client.system.health();
  } finally {
    delete host.document;
  }
  assert.match(seen[0] ?? "", /^mango-typescript\//);
  assert.equal(seen[1], null);
});
