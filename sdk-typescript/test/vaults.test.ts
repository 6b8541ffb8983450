import assert from "node:assert/strict";
import { test } from "node:test";

import { Mango } from "../src/client.js";
import type { Vault, VaultCredential } from "../src/generated/types.js";
import { json, startServer } from "./helpers.js";

const vault: Vault = {
  type: "vault",
  id: "vlt_1",
  display_name: "keys",
  metadata: { team: "a" },
  created_at: "2030-01-01T00:00:00Z",
  updated_at: "2030-01-01T00:00:00Z",
  archived_at: null,
};

const credential: VaultCredential = {
  type: "vault_credential",
  id: "vcrd_1",
  vault_id: "vlt_1",
  display_name: null,
  metadata: {},
  auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/mcp", token_set: true },
  created_at: "2030-01-01T00:00:00Z",
  updated_at: "2030-01-01T00:00:00Z",
  archived_at: null,
};

test("vaults: create, list, get, update, archive and delete", async () => {
  const server = await startServer((req, res) => {
    if (req.method === "DELETE") return json(res, 200, { type: "vault_deleted", id: "vlt_1" });
    if (req.method === "GET" && req.url.pathname === "/v1/vaults") return json(res, 200, { data: [vault], next_page: null });
    return json(res, 200, vault);
  });
  try {
    const client = new Mango({ baseURL: server.url, apiKey: "key", maxRetries: 0 });
    assert.deepEqual(await client.vaults.create({ display_name: "keys", metadata: { team: "a" } }), vault);
    assert.deepEqual(await client.vaults.list({ include_archived: true }).toArray(), [vault]);
    assert.equal((await client.vaults.get("vlt_1")).display_name, "keys");
    await client.vaults.update("vlt_1", { metadata: { team: null } });
    await client.vaults.archive("vlt_1");
    assert.deepEqual(await client.vaults.delete("vlt_1"), { type: "vault_deleted", id: "vlt_1" });
    const seen = server.requests.map((r) => `${r.method} ${r.url.pathname}`);
    assert.deepEqual(seen, [
      "POST /v1/vaults",
      "GET /v1/vaults",
      "GET /v1/vaults/vlt_1",
      "POST /v1/vaults/vlt_1",
      "POST /v1/vaults/vlt_1/archive",
      "DELETE /v1/vaults/vlt_1",
    ]);
    assert.equal(server.requests[1]?.url.searchParams.get("include_archived"), "true");
    assert.deepEqual(JSON.parse(server.requests[3]?.body ?? ""), { metadata: { team: null } });
  } finally {
    await server.close();
  }
});

test("vaults.credentials: secrets go out in bodies, answers carry only *_set flags", async () => {
  const server = await startServer((req, res) => {
    if (req.method === "DELETE") return json(res, 200, { type: "vault_credential_deleted", id: "vcrd_1" });
    if (req.method === "GET" && req.url.pathname.endsWith("/credentials")) {
      return json(res, 200, { data: [credential], next_page: null });
    }
    return json(res, 200, credential);
  });
  try {
    const client = new Mango({ baseURL: server.url, apiKey: "key", maxRetries: 0 });
    const auth = { type: "static_bearer" as const, mcp_server_url: "https://mcp.example.com/mcp", token: "tok" };
    const created = await client.vaults.credentials.create("vlt_1", { auth });
    assert.equal(created.auth.type, "static_bearer");
    if (created.auth.type === "static_bearer") assert.equal(created.auth.token_set, true);
    assert.deepEqual(JSON.parse(server.requests[0]?.body ?? ""), { auth });
    assert.deepEqual(await client.vaults.credentials.list("vlt_1").toArray(), [credential]);
    assert.equal((await client.vaults.credentials.get("vlt_1", "vcrd_1")).vault_id, "vlt_1");
    await client.vaults.credentials.update("vlt_1", "vcrd_1", { auth: { type: "static_bearer", token: "tok-2" } });
    assert.deepEqual(JSON.parse(server.requests[3]?.body ?? ""), { auth: { type: "static_bearer", token: "tok-2" } });
    assert.equal((await client.vaults.credentials.delete("vlt_1", "vcrd_1")).id, "vcrd_1");
    const seen = server.requests.map((r) => `${r.method} ${r.url.pathname}`);
    assert.deepEqual(seen, [
      "POST /v1/vaults/vlt_1/credentials",
      "GET /v1/vaults/vlt_1/credentials",
      "GET /v1/vaults/vlt_1/credentials/vcrd_1",
      "POST /v1/vaults/vlt_1/credentials/vcrd_1",
      "DELETE /v1/vaults/vlt_1/credentials/vcrd_1",
    ]);
  } finally {
    await server.close();
  }
});
