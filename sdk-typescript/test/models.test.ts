import assert from "node:assert/strict";
import { test } from "node:test";

import { Mango } from "../src/client.js";
import type { Model, ModelList } from "../src/generated/types.js";
import { json, startServer } from "./helpers.js";

const model: Model = {
  type: "model",
  id: "mango-offline-1",
  aliases: ["offline"],
  context_window: 200000,
  max_output_tokens: 8192,
  capabilities: {
    web_search: true,
    web_fetch: false,
    citations: false,
    thinking: true,
    image_input: false,
    pdf_input: false,
    parallel_tool_calls: true,
    prompt_caching: false,
    fast_mode: false,
  },
};

test("models.list: the offered models with window, output limit and capabilities", async () => {
  const server = await startServer((_req, res) => json(res, 200, { data: [model] } satisfies ModelList));
  try {
    const client = new Mango({ baseURL: server.url, apiKey: "key", maxRetries: 0 });
    const models = await client.models.list();
    assert.deepEqual(models.data, [model]);
    assert.equal(models.data[0]?.capabilities.web_search, true);
    const [request] = server.requests;
    assert.equal(request?.method, "GET");
    assert.equal(request?.url.pathname, "/v1/models");
    assert.equal(request?.headers.authorization, "Bearer key");
  } finally {
    await server.close();
  }
});
