import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { test } from "node:test";

import { APIConnectionError, AuthenticationError, ServiceUnavailableError } from "../src/errors.js";
import { type ServerSentEvent, parseSSE } from "../src/streaming.js";
import { startServer, transport } from "./helpers.js";

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) {
    out.push(item);
  }
  return out;
}

function sse(res: ServerResponse, text: string, drop = false): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  if (drop) {
    res.write(text, () => res.socket?.destroy());
  } else {
    res.end(text);
  }
}

const event = (type: string, id: string, extra: Record<string, unknown> = {}): string =>
  `event: ${type}\nid: ${id}\ndata: ${JSON.stringify({ type, id, ...extra })}\n\n`;

test("parseSSE decodes fields across chunk and line-ending boundaries", async () => {
  const events = await collect(
    parseSSE(body([": comment\r\nevent: a\r", "\nid: 1\r\ndata: {\"x\"", ":1}\r\n\r\n", "data: line1\ndata: line2\n\nevent: b\rdata:nospace\r\r", "data: partial"])),
  );
  const expected: ServerSentEvent[] = [
    { event: "a", data: '{"x":1}', id: "1" },
    { event: "message", data: "line1\nline2", id: undefined },
    { event: "b", data: "nospace", id: undefined },
  ];
  assert.deepEqual(events, expected);
});

test("a stream yields typed events, passes unknown types through and drops pings", async () => {
  const server = await startServer((_req, res) => {
    sse(
      res,
      event("user.message", "sevt_1", { content: [] }) +
        "event: ping\ndata: {}\n\n" +
        ": keep-alive\n\n" +
        event("future.kind", "sevt_2", { novel: { a: 1 } }),
    );
  });
  try {
    const stream = transport(server.url).request<{ type: string }>({ method: "GET", path: "/v1/s", stream: true });
    const events = await collect(stream);
    assert.deepEqual(events, [
      { type: "user.message", id: "sevt_1", content: [] },
      { type: "future.kind", id: "sevt_2", novel: { a: 1 } },
    ]);
    assert.equal(stream.lastEventId, "sevt_2");
    assert.equal(server.requests[0]!.headers["accept"], "text/event-stream");
    assert.equal(server.requests[0]!.headers["last-event-id"], undefined);
  } finally {
    await server.close();
  }
});

test("an error event raises the status error of its envelope", async () => {
  const envelope = { type: "error", error: { type: "overloaded", message: "busy" }, request_id: "req_sse" };
  const server = await startServer((_req, res) => {
    sse(res, event("user.message", "sevt_1") + `event: error\ndata: ${JSON.stringify(envelope)}\n\n` + event("x", "sevt_2"));
  });
  try {
    const seen: unknown[] = [];
    const stream = transport(server.url).request<unknown>({ method: "GET", path: "/v1/s", stream: true });
    await assert.rejects(
      async () => {
        for await (const item of stream) {
          seen.push(item);
        }
      },
      (error: unknown) => {
        assert.ok(error instanceof ServiceUnavailableError);
        assert.equal(error.status, 503);
        assert.equal(error.errorType, "overloaded");
        assert.equal(error.requestId, "req_sse");
        return true;
      },
    );
    assert.equal(seen.length, 1);
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test("a dropped connection resumes with Last-Event-ID, without gaps or duplicates", async () => {
  const server = await startServer((req, res, index) => {
    if (index === 0) {
      sse(res, event("a", "sevt_1") + event("b", "sevt_2") + "event: c\nid: sevt_3\ndata: {\"ty", true);
    } else {
      assert.equal(req.headers["last-event-id"], "sevt_2");
      sse(res, event("c", "sevt_3") + event("d", "sevt_4"));
    }
  });
  try {
    const stream = transport(server.url).request<{ id: string }>({
      method: "GET",
      path: "/v1/s",
      stream: true,
      options: { headers: { "Last-Event-ID": "sevt_0" } },
    });
    const ids = (await collect(stream)).map((e) => e.id);
    assert.deepEqual(ids, ["sevt_1", "sevt_2", "sevt_3", "sevt_4"]);
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0]!.headers["last-event-id"], "sevt_0");
    assert.equal(server.requests[1]!.headers["last-event-id"], "sevt_2");
  } finally {
    await server.close();
  }
});

test("reconnects are bounded", async () => {
  const server = await startServer((_req, res, index) => {
    sse(res, index === 0 ? event("a", "sevt_1") : "", true);
  });
  try {
    const stream = transport(server.url, { maxRetries: 2 }).request({ method: "GET", path: "/v1/s", stream: true });
    await assert.rejects(collect(stream), APIConnectionError);
    // First connection, then 2 reconnects that deliver nothing (each counted), then give up.
    assert.equal(server.requests.length, 3);
    assert.ok(server.requests.slice(1).every((r) => r.headers["last-event-id"] === "sevt_1"));
  } finally {
    await server.close();
  }
});

test("breaking out of a stream closes the connection", async () => {
  let closed!: () => void;
  const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
  const server = await startServer((_req, res) => {
    res.on("close", () => closed());
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(event("a", "sevt_1"));
  });
  try {
    const stream = transport(server.url).request<{ id: string }>({ method: "GET", path: "/v1/s", stream: true });
    for await (const item of stream) {
      assert.equal(item.id, "sevt_1");
      break;
    }
    await connectionClosed;
  } finally {
    await server.close();
  }
});

test("open() connects before iterating, and iterating reads that connection first", async () => {
  const server = await startServer((_req, res, index) => {
    sse(res, index === 0 ? event("a", "sevt_1") : event("b", "sevt_2"));
  });
  try {
    const stream = transport(server.url).request<{ id: string }>({ method: "GET", path: "/v1/s", stream: true });
    assert.equal(server.requests.length, 0);
    assert.equal(await stream.open(), stream);
    assert.equal(server.requests.length, 1);
    const ids = (await collect(stream)).map((e) => e.id);
    assert.deepEqual(ids, ["sevt_1"]);
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test("open() throws the status error of a refused stream", async () => {
  const envelope = { type: "error", error: { type: "authentication_error", message: "no" }, request_id: "req_o" };
  const server = await startServer((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify(envelope));
  });
  try {
    const stream = transport(server.url).request({ method: "GET", path: "/v1/s", stream: true });
    await assert.rejects(stream.open(), AuthenticationError);
  } finally {
    await server.close();
  }
});
