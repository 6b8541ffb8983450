import assert from "node:assert/strict";
import { test } from "node:test";

import { Mango } from "../src/client.js";
import type { Model, ModelList } from "../src/generated/types.js";
import { json, startServer } from "./helpers.js";

const model: Model = {
  type: "model",
  id: "mango-offline-1",
  display_name: "mango-offline-1",
  created_at: "1970-01-01T00:00:00Z",
  lifecycle: "active",
  aliases: ["offline"],
  context_window: 200000,
  max_input_tokens: 200000,
  max_output_tokens: 8192,
  max_tokens: 8192,
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
  const server = await startServer((_req, res) => json(
      res,
      200,
      { data: [model], has_more: false, first_id: model.id, last_id: model.id } satisfies ModelList,
    ));
  try {
    const client = new Mango({ baseURL: server.url, apiKey: "key", maxRetries: 0 });
    const models = await client.models.list();
    assert.deepEqual(models.data, [model]);
    assert.equal(models.has_more, false);
    assert.equal(models.last_id, "mango-offline-1");
    assert.equal(models.data[0]?.capabilities.web_search, true);
    const [request] = server.requests;
    assert.equal(request?.method, "GET");
    assert.equal(request?.url.pathname, "/v1/models");
    assert.equal(request?.headers.authorization, "Bearer key");
  } finally {
    await server.close();
  }
});
