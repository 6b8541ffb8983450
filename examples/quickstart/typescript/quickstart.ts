// Mango quickstart: an agent with a custom tool, its reply streamed, the tool call answered.
// Run after `make dev` and `source .mango/dev.env` (see docs/quickstart.md):
//   make -C sdk-typescript build && cd examples/quickstart/typescript && npm install && npm start
import { randomUUID } from "node:crypto";

import { type AgentCustomToolUseEvent, Mango, type UserCustomToolResultEventParams } from "@mango-ai/sdk";

/** Our application's implementation of the tool the agent calls. */
function getWeather(input: { city?: unknown }): string {
  return `18°C and sunny in ${String(input.city)}`;
}

const client = new Mango(); // reads MANGO_BASE_URL and MANGO_API_KEY
const agent = await client.agents.create({
  name: "quickstart",
  model: "mango-offline-1",
  tools: [
    {
      type: "custom",
      name: "get_weather",
      description: "Current weather for a city.",
      input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ],
});
const environment = await client.environments.create({ name: `quickstart-${randomUUID().slice(0, 8)}` });
const session = await client.sessions.create({ agent: agent.id, environment_id: environment.id });
console.log(`session ${session.id}`);

// Open the stream before sending, so no event of the turn is missed.
const stream = await client.sessions.events.stream(session.id).open();

// mango-offline-1 treats a `/tool NAME {json}` line as an order to call that tool;
// with a real model you would simply ask "What's the weather in Paris?".
const text = 'What is the weather in Paris?\n/tool get_weather {"city": "Paris"}';
await client.sessions.events.send(session.id, { events: [{ type: "user.message", content: [{ type: "text", text }] }] });

const toolCalls = new Map<string, AgentCustomToolUseEvent>();
let reply = "";
let finished = false;
for await (const event of stream) {
  if (event.type === "agent.message") {
    reply = event.content.map((block) => block.text).join("");
    console.log(`agent: ${reply}`);
  } else if (event.type === "agent.custom_tool_use") {
    toolCalls.set(event.id, event);
    console.log(`tool call: ${event.name} ${JSON.stringify(event.input)}`);
  } else if (event.type === "session.error") {
    console.error(`session error: ${event.error.message}`);
  } else if (event.type === "session.status_idle") {
    const stop = event.stop_reason;
    if (stop.type === "end_turn") {
      finished = true;
      break;
    }
    if (stop.type !== "requires_action") {
      console.error(`the turn stopped: ${stop.type}`);
      process.exit(1);
    }
    // The session waits for a result for every listed tool call.
    const results: UserCustomToolResultEventParams[] = stop.event_ids.map((id) => {
      const answer = getWeather(toolCalls.get(id)?.input ?? {});
      console.log(`tool result: ${answer}`);
      return { type: "user.custom_tool_result", custom_tool_use_id: id, content: [{ type: "text", text: answer }] };
    });
    await client.sessions.events.send(session.id, { events: results });
  }
}
if (!finished) {
  console.error("the stream ended before the turn did");
  process.exit(1);
}
console.log(`final reply: ${reply}`);
