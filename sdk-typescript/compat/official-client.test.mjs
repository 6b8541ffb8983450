// The official `@anthropic-ai/sdk` client against a running Mango, unchanged: an Agent with a custom
// tool, an Environment and a Session; the event stream opened before sending; a custom tool call
// answered with `user.custom_tool_result`; the turn read to its end. Run by compat/tests (pytest),
// which starts Mango and sets MANGO_BASE_URL and MANGO_API_KEY; `node --test` runs it.
import assert from "node:assert/strict";
import { test } from "node:test";

import Anthropic, { NotFoundError } from "@anthropic-ai/sdk";

const baseURL = process.env.MANGO_BASE_URL;
const apiKey = process.env.MANGO_API_KEY;
const MODEL = "mango-offline-1";
const WEATHER = {
  type: "custom",
  name: "get_weather",
  description: "Current weather for a city.",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

function client() {
  assert.ok(baseURL && apiKey, "MANGO_BASE_URL and MANGO_API_KEY must be set");
  return new Anthropic({ baseURL, apiKey, maxRetries: 0 });
}

// Read the stream until `session.status_idle` with `stop`; returns every event read.
async function untilIdle(iterator, stop) {
  const seen = [];
  for (;;) {
    const { value, done } = await iterator.next();
    assert.ok(!done, `the stream ended before an idle with ${stop}: ${seen.map((e) => e.type)}`);
    seen.push(value);
    if (value.type === "session.status_idle" && value.stop_reason?.type === stop) return seen;
  }
}

test("create, stream, send and a custom tool round trip", { timeout: 60_000 }, async () => {
  const anthropic = client();
  const suffix = `${Date.now()}-${process.pid}`;
  const agent = await anthropic.beta.agents.create({ name: `ts-compat-${suffix}`, model: MODEL, tools: [WEATHER] });
  assert.equal(agent.type, "agent");
  assert.equal(agent.version, 1);
  const env = await anthropic.beta.environments.create({ name: `ts-compat-${suffix}`, config: { type: "self_hosted" } });
  const session = await anthropic.beta.sessions.create({ agent: agent.id, environment_id: env.id, title: "ts" });
  assert.equal(session.status, "idle");
  assert.equal((await anthropic.beta.sessions.retrieve(session.id)).id, session.id);

  // Opened before sending, so no event of the turn is missed.
  const stream = await anthropic.beta.sessions.events.stream(session.id);
  const events = stream[Symbol.asyncIterator]();
  try {
    const sent = await anthropic.beta.sessions.events.send(session.id, {
      events: [
        { type: "user.message", content: [{ type: "text", text: 'Weather?\n/tool get_weather {"city": "Paris"}' }] },
      ],
    });
    assert.equal(sent.data[0].type, "user.message");
    let seen = await untilIdle(events, "requires_action");
    const call = seen.find((e) => e.type === "agent.custom_tool_use");
    assert.ok(call, "an agent.custom_tool_use event");
    assert.equal(call.name, "get_weather");
    assert.deepEqual(call.input, { city: "Paris" });
    await anthropic.beta.sessions.events.send(session.id, {
      events: [
        {
          type: "user.custom_tool_result",
          custom_tool_use_id: call.id,
          content: [{ type: "text", text: "18°C and sunny in Paris" }],
        },
      ],
    });
    seen = await untilIdle(events, "end_turn");
    const replies = seen.filter((e) => e.type === "agent.message");
    assert.match(replies.at(-1).content[0].text, /18°C and sunny in Paris/);
  } finally {
    stream.controller.abort();
  }

  const history = [];
  for await (const event of anthropic.beta.sessions.events.list(session.id, { limit: 1000 })) history.push(event);
  assert.ok(history.some((e) => e.type === "user.custom_tool_result"));

  // Session resources are not part of Mango: a documented 404 `not_supported`.
  await assert.rejects(anthropic.beta.sessions.resources.list(session.id), (error) => {
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.error?.error?.type, "not_supported");
    return true;
  });
});
