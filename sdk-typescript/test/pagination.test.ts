import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { NotFoundError } from "../src/errors.js";
import { type TestServer, envelope, json, startServer, transport } from "./helpers.js";

const PAGES: Record<string, { data: number[]; next_page: string | null }> = {
  first: { data: [1, 2], next_page: "p2" },
  p2: { data: [3, 4], next_page: "p3" },
  p3: { data: [5], next_page: null },
};

let server: TestServer;
before(async () => {
  server = await startServer((req, res) => {
    const page = PAGES[req.url.searchParams.get("page") ?? "first"];
    if (page === undefined) {
      json(res, 404, envelope("not_found_error", "bad cursor", "req_p"));
      return;
    }
    json(res, 200, page);
  });
});
after(() => server.close());

const list = (query: Record<string, unknown> = { limit: 2 }) =>
  transport(server.url).request<number>({ method: "GET", path: "/v1/things", query, paginated: true });

test("auto-paging follows next_page until null, keeping the query", async () => {
  const start = server.requests.length;
  const seen: number[] = [];
  for await (const item of list()) {
    seen.push(item);
  }
  assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  const sent = server.requests.slice(start).map((r) => r.url.search);
  assert.deepEqual(sent, ["?limit=2", "?limit=2&page=p2", "?limit=2&page=p3"]);
});

test("page() fetches one page only", async () => {
  const start = server.requests.length;
  const page = await list().page();
  assert.deepEqual(page.data, [1, 2]);
  assert.equal(page.next_page, "p2");
  assert.equal(page.hasNextPage(), true);
  assert.deepEqual(page.raw, PAGES["first"]);
  assert.equal(server.requests.length - start, 1);
  const next = await page.getNextPage();
  assert.deepEqual(next?.data, [3, 4]);
});

test("nothing is sent until the list is used", async () => {
  const start = server.requests.length;
  list();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(server.requests.length, start);
});

test("toArray collects every item; errors surface from iteration", async () => {
  assert.deepEqual(await list().toArray(), [1, 2, 3, 4, 5]);
  await assert.rejects(list({ page: "gone" }).toArray(), NotFoundError);
});
