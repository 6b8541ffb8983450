/** Agents: the list, and one Agent's versions with a diff between any two of them. */

import type { Agent } from "@mango-ai/sdk";

import { api } from "../api";
import { h, json, rawJson, replace, when } from "../dom";
import { diffLines } from "../diff";
import { guarded, table } from "./common";

export async function agentsView(main: HTMLElement, id: string | undefined): Promise<void> {
  const slot = h("div", {});
  replace(main, h("h1", {}, id ? "Agent" : "Agents"), slot);
  await guarded(slot, async () => {
    if (id === undefined) {
      const agents = await api().agents.list({ limit: 100 }).page();
      replace(slot, table("Agents", ["Name", "Version", "Model", "Updated"],
        agents.data.map((a) => [h("a", { href: `#/agents/${a.id}` }, a.name), `v${a.version}`, a.model.id, when(a.updated_at)])));
      return;
    }
    const versions = await api().agents.versions.list(id, { limit: 100 }).toArray();
    versions.sort((x, y) => x.version - y.version);
    const latest = versions[versions.length - 1];
    replace(
      slot,
      h("p", {}, h("strong", {}, latest?.name ?? id), " ", h("code", {}, id)),
      table("Versions", ["Version", "Created", ""], versions.map((v) => [`v${v.version}`, when(v.updated_at), rawJson(v)])),
      versions.length > 1 ? diffPicker(versions) : h("p", {}, "Only one version: nothing to compare."),
    );
  });
}

function comparable(agent: Agent): string {
  const { created_at: _c, updated_at: _u, version: _v, ...rest } = agent;
  return json(rest);
}

function diffPicker(versions: Agent[]): HTMLElement {
  const pick = (id: string, selected: number): HTMLSelectElement =>
    h("select", { id }, ...versions.map((v) => h("option", { value: String(v.version), selected: v.version === selected }, `v${v.version}`)));
  const from = pick("diff-from", versions[versions.length - 2]!.version);
  const to = pick("diff-to", versions[versions.length - 1]!.version);
  const out = h("pre", { class: "diff", id: "diff", "aria-live": "polite" });
  const show = (): void => {
    const a = versions.find((v) => String(v.version) === from.value)!;
    const b = versions.find((v) => String(v.version) === to.value)!;
    replace(out, ...diffLines(comparable(a), comparable(b)).map((line) =>
      h("span", { class: line.op === "+" ? "add" : line.op === "-" ? "del" : "same" }, `${line.op} ${line.text}\n`)));
  };
  from.addEventListener("change", show);
  to.addEventListener("change", show);
  show();
  return h("section", { "aria-labelledby": "diff-title" }, h("h2", { id: "diff-title" }, "Compare versions"),
    h("div", { class: "row" }, h("label", { for: "diff-from" }, "From"), from, h("label", { for: "diff-to" }, "To"), to), out);
}
