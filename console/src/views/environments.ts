/** Environments: the list, and one Environment's Work queue stats, Work items and healthcheck. */

import { api } from "../api";
import { h, rawJson, replace, when } from "../dom";
import { guarded, table } from "./common";

export async function environmentsView(main: HTMLElement, id: string | undefined): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "Environment" : "Environments"), slot);
  await guarded(slot, async () => {
    const client = api();
    if (id === undefined) {
      const envs = await client.environments.list({ limit: 100 }).page();
      replace(slot, table("Environments", ["Name", "Id", "Created"],
        envs.data.map((e) => [h("a", { href: `#/environments/${e.id}` }, e.name), h("code", {}, e.id), when(e.created_at)])));
      return;
    }
    const [env, stats, work] = await Promise.all([
      client.environments.get(id),
      client.environments.work.stats(id),
      client.environments.work.list(id, { limit: 50 }).page(),
    ]);
    const result = h("div", { id: "healthcheck-result", "aria-live": "polite" });
    const check = h("button", { type: "button", id: "healthcheck" }, "Run healthcheck");
    check.addEventListener("click", () => void guarded(result, async () => {
      const item = await client.environments.work.healthcheck.create(id);
      replace(result, h("p", {}, `Healthcheck ${item.id} queued (${item.state}); a polling worker answers it.`), rawJson(item));
    }));
    replace(
      slot,
      h("p", {}, h("strong", {}, env.name), " ", h("code", {}, env.id)),
      h("dl", { class: "stats" },
        h("dt", {}, "Queue depth"), h("dd", {}, stats.depth),
        h("dt", {}, "Pending"), h("dd", {}, stats.pending),
        h("dt", {}, "Workers polling"), h("dd", {}, stats.workers_polling),
        h("dt", {}, "Oldest queued"), h("dd", {}, when(stats.oldest_queued_at))),
      h("div", { class: "row" }, check),
      result,
      table("Work items", ["Work", "Kind", "State", "Created", ""], work.data.map((w) => [
        h("code", {}, w.id), w.data.type === "session" ? h("a", { href: `#/sessions/${w.data.id}` }, w.data.id) : w.data.type,
        w.state, when(w.created_at), rawJson(w)])),
      rawJson(env, "Environment JSON"),
    );
  });
}
