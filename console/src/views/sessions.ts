/** The Sessions list (status, agent and date filters, cursor paging) and the new-Session form. */

import type { Agent, Environment, SessionStatus } from "@mango-ai/sdk";

import { api } from "../api";
import { h, replace, when } from "../dom";
import { go } from "../router";
import { guarded, pager, table } from "./common";

const STATUSES: SessionStatus[] = ["idle", "running", "rescheduling", "terminated"];

export async function sessionsView(main: HTMLElement, query: URLSearchParams): Promise<void> {
  const client = api();
  const slot = h("div", {});
  replace(main, h("h1", {}, "Sessions"), slot);
  await guarded(slot, async () => {
    const [agents, environments] = await Promise.all([
      client.agents.list({ limit: 100 }).page(),
      client.environments.list({ limit: 100 }).page(),
    ]);
    const status = query.get("status") ?? "";
    const agent = query.get("agent") ?? "";
    const since = query.get("since") ?? "";
    const page = await client.sessions
      .list({
        limit: Number(query.get("limit") ?? 20),
        ...(query.get("page") ? { page: String(query.get("page")) } : {}),
        ...(status ? { statuses: [status as SessionStatus] } : {}),
        ...(agent ? { agent_id: agent } : {}),
        ...(since ? { created_at: { gte: new Date(since).toISOString() } } : {}),
      })
      .page();
    const params = (extra: Record<string, string>): string => {
      // The page size and the filters stay while paging and re-filtering; a new filter starts at page one.
      const next = new URLSearchParams({ limit: query.get("limit") ?? "", status, agent, since, ...extra });
      [...next.entries()].filter(([, v]) => v === "").forEach(([k]) => next.delete(k));
      return `#/sessions?${next.toString()}`;
    };
    replace(
      slot,
      filters(agents.data, status, agent, since, (s, a, d) => go(params({ status: s, agent: a, since: d }))),
      table(
        "Sessions, newest first",
        ["Session", "Status", "Agent", "Created"],
        page.data.map((s) => [
          h("a", { href: `#/sessions/${s.id}` }, s.title ?? s.id),
          h("span", { class: `badge status-${s.status}` }, s.status),
          `${s.agent.id} v${s.agent.version}`,
          when(s.created_at),
        ]),
      ),
      pager(page.prev_page, page.next_page, (cursor) => go(params({ page: cursor }))),
      newSession(agents.data, environments.data),
    );
  });
}

function filters(
  agents: Agent[],
  status: string,
  agent: string,
  since: string,
  apply: (status: string, agent: string, since: string) => void,
): HTMLFormElement {
  const statusSelect = h("select", { id: "filter-status" }, h("option", { value: "" }, "any"),
    ...STATUSES.map((s) => h("option", { value: s, selected: s === status }, s)));
  const agentSelect = h("select", { id: "filter-agent" }, h("option", { value: "" }, "any"),
    ...agents.map((a) => h("option", { value: a.id, selected: a.id === agent }, a.name)));
  const sinceInput = h("input", { id: "filter-since", type: "date", value: since });
  const form = h(
    "form",
    { class: "row filters", "aria-label": "Filters" },
    h("label", { for: "filter-status" }, "Status"), statusSelect,
    h("label", { for: "filter-agent" }, "Agent"), agentSelect,
    h("label", { for: "filter-since" }, "Created since"), sinceInput,
    h("button", { type: "submit", class: "secondary" }, "Apply"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply(statusSelect.value, agentSelect.value, sinceInput.value);
  });
  return form;
}

function newSession(agents: Agent[], environments: Environment[]): HTMLFormElement {
  const agent = h("select", { id: "new-agent", required: true }, ...agents.map((a) => h("option", { value: a.id }, `${a.name} (v${a.version})`)));
  const env = h("select", { id: "new-environment", required: true }, ...environments.map((e) => h("option", { value: e.id }, e.name)));
  const title = h("input", { id: "new-title", type: "text" });
  const message = h("textarea", { id: "new-message", rows: 2 });
  const error = h("div", {});
  const form = h(
    "form",
    { class: "card", "aria-labelledby": "new-session-title" },
    h("h2", { id: "new-session-title" }, "New Session"),
    h("label", { for: "new-agent" }, "Agent"), agent,
    h("label", { for: "new-environment" }, "Environment"), env,
    h("label", { for: "new-title" }, "Title (optional)"), title,
    h("label", { for: "new-message" }, "First message (optional)"), message,
    h("button", { type: "submit" }, "Create Session"),
    error,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void guarded(error, async () => {
      const text = message.value.trim();
      const session = await api().sessions.create({
        agent: agent.value,
        environment_id: env.value,
        ...(title.value.trim() ? { title: title.value.trim() } : {}),
        ...(text ? { initial_events: [{ type: "user.message", content: [{ type: "text", text }] }] } : {}),
      });
      go(`#/sessions/${session.id}`);
    });
  });
  return form;
}
