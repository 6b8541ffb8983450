/**
 * Vaults: the list, and one vault's credentials with what the API says of them (kind, server URL
 * or allowed hosts, expiry and refresh settings, which secrets are set).
 *
 * Read-only. The API never returns a secret value, only `*_set` flags, so this view has none to
 * show or hide; creating and updating credentials is left to the API, CLI and SDKs.
 */

import type { VaultCredential } from "@mango-ai/sdk";

import { api } from "../api";
import { h, rawJson, replace, when, type Child } from "../dom";
import { guarded, table } from "./common";

export async function vaultsView(main: HTMLElement, id: string | undefined): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "Vault" : "Vaults"), slot);
  await guarded(slot, async () => {
    const client = api();
    if (id === undefined) {
      const vaults = await client.vaults.list({ limit: 100 }).page();
      replace(slot, table("Vaults", ["Vault", "Id", "Created", "Archived"], vaults.data.map((v) => [
        h("a", { href: `#/vaults/${v.id}` }, v.display_name), h("code", {}, v.id), when(v.created_at),
        v.archived_at ? when(v.archived_at) : ""])));
      return;
    }
    const [vault, credentials] = await Promise.all([
      client.vaults.get(id),
      client.vaults.credentials.list(id, { limit: 100 }).page(),
    ]);
    replace(
      slot,
      h("p", {}, h("strong", {}, vault.display_name), " ", h("code", {}, vault.id),
        vault.archived_at ? h("span", { class: "badge" }, "archived") : null),
      table("Credentials", ["Credential", "Kind", "Target", "Expires", "Refresh", "Secrets set", ""],
        credentials.data.map((c) => [
          h("span", { "data-credential-id": c.id }, c.display_name ?? c.id), c.auth.type, target(c), expires(c),
          refresh(c), secretsSet(c), rawJson(c)])),
      rawJson(vault, "Vault JSON"),
    );
  });
}

/** Where the credential is sent: an MCP server URL, or the hosts an environment variable may reach. */
function target(c: VaultCredential): Child {
  const auth = c.auth;
  if (auth.type === "environment_variable") {
    return h("span", {}, h("code", {}, auth.secret_name), " to ", auth.networking.allowed_hosts.join(", "));
  }
  return h("code", {}, auth.mcp_server_url);
}

function expires(c: VaultCredential): string {
  return c.auth.type === "mcp_oauth" && c.auth.expires_at ? when(c.auth.expires_at) : "";
}

function refresh(c: VaultCredential): Child {
  if (c.auth.type !== "mcp_oauth") {
    return "";
  }
  const r = c.auth.refresh;
  if (r === null) {
    return "none";
  }
  return h("dl", { class: "stats" },
    h("dt", {}, "Token endpoint"), h("dd", {}, h("code", {}, r.token_endpoint)),
    h("dt", {}, "Client"), h("dd", {}, `${r.client_id} (${r.token_endpoint_auth.type})`),
    h("dt", {}, "Scope"), h("dd", {}, r.scope ?? ""),
    h("dt", {}, "Resource"), h("dd", {}, r.resource ?? ""));
}

/** Which write-only fields hold a value (the values themselves are never returned). */
function secretsSet(c: VaultCredential): string {
  const auth = c.auth;
  const flags: Array<[string, boolean]> =
    auth.type === "static_bearer" ? [["token", auth.token_set]]
    : auth.type === "mcp_oauth" ? [["access_token", auth.access_token_set], ["refresh_token", auth.refresh?.refresh_token_set ?? false]]
    : [["secret_value", auth.secret_value_set]];
  return flags.filter(([, set]) => set).map(([name]) => name).join(", ") || "none (erased)";
}
