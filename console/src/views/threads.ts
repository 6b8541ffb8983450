/**
 * The Session page's Threads: the panel listing the Session's Threads (with their status and the
 * health of each MCP server they contacted: last discovery, last error), the Thread badges of timeline rows, and the timeline filter "all / primary / <thread>".
 *
 * It reads `sessions.threads.list` and the events the timeline already holds; it does not
 * follow the Thread streams (the Session stream carries what the coordinator sees of its
 * children: their status events and the messages exchanged with them).
 */

import type { Mango, McpServerHealth, SessionThread } from "@mango-ai/sdk";

import { describeError } from "../api";
import { h, replace, when } from "../dom";

type Any = Record<string, unknown>;

export class Threads {
  readonly panel: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly filter: HTMLSelectElement;
  private readonly error: HTMLElement;
  private threads: SessionThread[] = [];
  /** Agent names learned from events before the listing names them (a Thread just created). */
  private readonly names = new Map<string, string>();
  private primaryId: string | undefined;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly client: Mango,
    private readonly sessionId: string,
    private readonly timeline: HTMLOListElement,
  ) {
    this.list = h("ul", { id: "threads-list", class: "threads" });
    this.filter = h("select", { id: "thread-filter" }, h("option", { value: "all" }, "all"), h("option", { value: "primary" }, "primary"));
    this.filter.addEventListener("change", () => this.applyFilter());
    this.error = h("p", { class: "error", role: "alert" });
    this.panel = h(
      "section",
      { id: "threads", class: "card threads-panel", "aria-labelledby": "threads-title" },
      h("h2", { id: "threads-title" }, "Threads"),
      this.list,
      h("label", { for: "thread-filter" }, "Show in timeline"),
      this.filter,
      this.error,
    );
  }

  /** Note what a new event says about Threads; true when the listing is worth reading again. */
  observe(event: Any): boolean {
    const type = String(event["type"]);
    const id = event["session_thread_id"];
    if (type.startsWith("session.thread_") && typeof id === "string" && typeof event["agent_name"] === "string") {
      this.names.set(id, event["agent_name"]);
    }
    if (type === "agent.thread_message_sent" && typeof event["to_agent_name"] === "string") {
      this.names.set(String(event["to_session_thread_id"]), event["to_agent_name"]);
    }
    if (type === "agent.thread_message_received" && typeof event["from_agent_name"] === "string") {
      this.names.set(String(event["from_session_thread_id"]), event["from_agent_name"]);
    }
    return type.startsWith("session.thread_") || type.startsWith("agent.thread_message_");
  }

  /** Read the Threads listing again; calls while one is under way coalesce into one more read. */
  refresh(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        try {
          const read: SessionThread[] = [];
          for await (const thread of this.client.sessions.threads.list(this.sessionId, { limit: 100, include_archived: true })) {
            read.push(thread);
          }
          this.threads = read;
          this.error.textContent = "";
        } catch (exc) {
          this.error.textContent = describeError(exc);
        }
        this.render();
      } while (this.again);
      this.loading = null;
    })();
    return this.loading;
  }

  /** The Agent name of a Thread, from the listing or the events seen. */
  private name(id: string): string {
    return this.threads.find((t) => t.id === id)?.agent_name ?? this.names.get(id) ?? id;
  }

  private render(): void {
    this.primaryId = this.threads.find((t) => t.parent_thread_id === null)?.id ?? this.primaryId;
    replace(
      this.list,
      ...this.threads.map((t) =>
        h(
          "li",
          { class: "thread-item", "data-thread-id": t.id },
          h("strong", {}, t.agent_name),
          t.parent_thread_id === null ? h("span", { class: "badge" }, "primary") : null,
          h("span", { class: `badge status-${t.status}`, "data-role": "status" }, t.archived_at ? "archived" : t.status),
          h("code", { class: "muted" }, t.id),
          mcpHealth(t.mcp_servers ?? []),
        ),
      ),
    );
    const chosen = this.filter.value;
    replace(
      this.filter,
      h("option", { value: "all" }, "all"),
      h("option", { value: "primary" }, "primary"),
      ...this.threads.filter((t) => t.parent_thread_id !== null).map((t) => h("option", { value: t.id }, t.agent_name)),
    );
    this.filter.value = [...this.filter.options].some((o) => o.value === chosen) ? chosen : "all";
    this.label();
    this.applyFilter();
  }

  /** Badge the rows outside the primary Thread with their Thread's Agent name. */
  label(rows: Iterable<HTMLElement> = this.rows()): void {
    if (this.primaryId === undefined) {
      return; // until the listing names the primary Thread, no row is badged
    }
    for (const row of rows) {
      const id = row.dataset["threadId"] ?? "";
      const badge = row.querySelector(":scope > .body > .badge.thread");
      if (id === "" || id === this.primaryId) {
        badge?.remove();
      } else if (badge) {
        badge.textContent = this.name(id);
      } else {
        row.querySelector(":scope > .body")?.appendChild(h("span", { class: "badge thread", "data-thread-id": id }, this.name(id)));
      }
    }
  }

  private rows(): NodeListOf<HTMLElement> {
    return this.timeline.querySelectorAll<HTMLElement>(":scope > li[data-event-id]");
  }

  /** Hide the rows the filter leaves out: a Thread's view keeps its events and its messages. */
  applyFilter(rows: Iterable<HTMLElement> = this.rows()): void {
    const chosen = this.filter.value;
    for (const row of rows) {
      const own = row.dataset["threadId"] ?? "";
      const other = row.dataset["peerThreadId"] ?? "";
      row.hidden =
        chosen === "primary"
          ? own !== "" && own !== this.primaryId
          : chosen !== "all" && own !== chosen && other !== chosen;
    }
  }

  /** A new row: badge and filter as the rest. */
  place(row: HTMLElement): void {
    this.label([row]);
    this.applyFilter([row]);
  }
}

/** A Thread's MCP servers: when each was last discovered, and its last error (which stays after a later success). */
function mcpHealth(servers: McpServerHealth[]): HTMLElement | null {
  if (servers.length === 0) {
    return null;
  }
  return h(
    "ul",
    { class: "mcp-health" },
    ...servers.map((s) =>
      h(
        "li",
        { "data-mcp-server": s.mcp_server_name },
        h("strong", {}, s.mcp_server_name),
        " discovered ",
        h("span", { "data-role": "discovered" }, s.last_discovered_at ? when(s.last_discovered_at) : "never"),
        s.last_error
          ? h("span", { class: "error", "data-role": "last-error" }, ` last error ${when(s.last_error.at)}: ${s.last_error.message}`)
          : null,
      ),
    ),
  );
}
