import assert from "node:assert/strict";
import { test } from "node:test";

import { Mango } from "../src/client.js";
import type { SessionStreamEvent, SessionThread } from "../src/generated/types.js";
import { startServer } from "./helpers.js";

const thread: SessionThread = {
  type: "session_thread",
  id: "sthr_2",
  session_id: "sesn_1",
  parent_thread_id: "sthr_1",
  agent_name: "advisor",
  status: "idle",
  stop_reason: { type: "end_turn" },
  agent: { type: "advisor", model: { id: "mango-offline-1", speed: "standard" } },
  usage: {
    input_tokens: 3,
    output_tokens: 2,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    list_cost: { amount: "0", currency: "USD" },
  },
  stats: { active_seconds: 0.5, duration_seconds: 1 },
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:01Z",
  archived_at: null,
};

test("sessions.threads: list, get, archive, events and the resumable Thread stream", async () => {
  const received = {
    type: "agent.thread_message_received",
    id: "sevt_9",
    processed_at: null,
    created_at: "2026-01-01T00:00:00Z",
    session_thread_id: "sthr_1",
    from_session_thread_id: "sthr_2",
    from_agent_name: "advisor",
    content: [{ type: "text", text: "ship it" }],
  };
  const server = await startServer((req, res) => {
    const path = req.url.pathname;
    if (path.endsWith("/stream")) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`id: sevt_9\nevent: agent.thread_message_received\ndata: ${JSON.stringify(received)}\n\n`);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    if (path === "/v1/sessions/sesn_1/threads") {
      res.end(JSON.stringify({ data: [thread], next_page: null, prev_page: null }));
    } else if (path.endsWith("/events")) {
      res.end(JSON.stringify({ data: [received], next_page: null }));
    } else if (path.endsWith("/archive")) {
      res.end(JSON.stringify({ ...thread, status: "terminated", archived_at: "2026-01-01T00:00:02Z" }));
    } else {
      res.end(JSON.stringify(thread));
    }
  });
  try {
    const client = new Mango({ baseURL: server.url, apiKey: "mk_test", maxRetries: 0 });
    const listed: SessionThread[] = [];
    for await (const item of client.sessions.threads.list("sesn_1", { include_archived: true })) {
      listed.push(item);
    }
    assert.deepEqual(listed.map((t) => [t.id, t.parent_thread_id]), [["sthr_2", "sthr_1"]]);
    assert.equal(server.requests[0]!.url.searchParams.get("include_archived"), "true");
    assert.equal((await client.sessions.threads.get("sesn_1", "sthr_2")).agent_name, "advisor");
    assert.equal((await client.sessions.threads.archive("sesn_1", "sthr_2")).status, "terminated");
    assert.equal(server.requests[2]!.method, "POST");
    const events = [];
    for await (const item of client.sessions.threads.events.list("sesn_1", "sthr_1")) {
      events.push(item);
    }
    assert.equal(events.length, 1);
    const streamed: SessionStreamEvent[] = [];
    for await (const item of client.sessions.threads.stream("sesn_1", "sthr_1", { last_event_id: "sevt_8" })) {
      streamed.push(item);
    }
    assert.equal(streamed[0]!.type, "agent.thread_message_received");
    const last = server.requests[server.requests.length - 1]!;
    assert.equal(last.url.pathname, "/v1/sessions/sesn_1/threads/sthr_1/stream");
    assert.equal(last.headers["last-event-id"], "sevt_8");
  } finally {
    await server.close();
  }
});
