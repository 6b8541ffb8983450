/**
 * The Session's pending actions: Allow/Deny for `ask` tool calls and a result form for
 * custom tool calls. What is pending comes from the latest `session.status_idle` with
 * `requires_action` (its `event_ids`), minus what the timeline shows answered.
 */

import type { Mango, SessionStreamEvent } from "@mango-ai/sdk";

import { describeError } from "../api";
import { h, json, replace } from "../dom";

type Any = Record<string, unknown>;

export function pendingIds(events: SessionStreamEvent[]): string[] {
  // Pending calls per Thread: the primary Thread's from `session.status_*`, a child's from the
  // `session.thread_status_*` events cross-posted with its `session_thread_id`.
  const pending = new Map<string, string[]>();
  const answered = new Set<string>();
  for (const event of events as unknown as Any[]) {
    const type = event["type"];
    const thread = type !== undefined && String(type).startsWith("session.thread_status_") ? String(event["session_thread_id"]) : "";
    if (type === "session.status_idle" || type === "session.thread_status_idle") {
      const reason = (event["stop_reason"] ?? {}) as Any;
      pending.set(thread, reason["type"] === "requires_action" ? [...((reason["event_ids"] as string[] | undefined) ?? [])] : []);
    } else if (
      type === "session.status_running" ||
      type === "session.status_terminated" ||
      type === "session.thread_status_running" ||
      type === "session.thread_status_terminated"
    ) {
      pending.set(thread, []);
    } else if (type === "user.tool_confirmation" || type === "user.tool_result") {
      answered.add(String(event["tool_use_id"]));
    } else if (type === "user.custom_tool_result") {
      answered.add(String(event["custom_tool_use_id"]));
    }
  }
  return [...pending.values()].flat().filter((id) => !answered.has(id));
}

export function renderActions(
  panel: HTMLElement,
  client: Mango,
  sessionId: string,
  byId: Map<string, SessionStreamEvent>,
  pending: string[],
): void {
  const items = pending.map((id) => byId.get(id)).filter((e): e is SessionStreamEvent => e !== undefined);
  panel.hidden = items.length === 0;
  replace(
    panel,
    h("h2", { id: "actions-title" }, "Needs your action"),
    ...items.map((event) => actionCard(client, sessionId, event as unknown as Any)),
  );
}

function actionCard(client: Mango, sessionId: string, event: Any): HTMLElement {
  const id = String(event["id"]);
  const name = String(event["name"]);
  const error = h("p", { class: "error", role: "alert" });
  const send = async (params: Parameters<Mango["sessions"]["events"]["send"]>[1], card: HTMLElement): Promise<void> => {
    card.querySelectorAll("button").forEach((b) => (b.disabled = true));
    try {
      await client.sessions.events.send(sessionId, params);
      card.setAttribute("data-sent", "true");
    } catch (exc) {
      error.textContent = describeError(exc);
      card.querySelectorAll("button").forEach((b) => (b.disabled = false));
    }
  };
  if (event["type"] === "agent.custom_tool_use") {
    const area = h("textarea", { id: `result-${id}`, rows: 3, required: true });
    const isError = h("input", { id: `is-error-${id}`, type: "checkbox" });
    const card = h(
      "form",
      { class: "action card", "data-action-for": id, "aria-label": `Result for custom tool ${name}` },
      h("h3", {}, `Custom tool ${name}`),
      h("pre", { class: "input" }, json(event["input"])),
      h("label", { for: `result-${id}` }, "Result"),
      area,
      h("label", { class: "inline" }, isError, " The tool failed (is_error)"),
      h("button", { type: "submit" }, "Send result"),
      error,
    );
    card.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const content = [{ type: "text" as const, text: area.value }];
      const answer = { type: "user.custom_tool_result" as const, custom_tool_use_id: id, content, is_error: isError.checked };
      void send({ events: [{ ...answer, ...threadOf(event) }] }, card);
    });
    return card;
  }
  const reason = h("input", { id: `deny-${id}`, type: "text", maxlength: 4096 });
  const card: HTMLElement = h(
    "div",
    { class: "action card", "data-action-for": id, role: "group", "aria-label": `Approve ${name}` },
    h("h3", {}, `Approve ${name}?`),
    h("pre", { class: "input" }, json(event["input"])),
    h("label", { for: `deny-${id}` }, "Reason if denied (shown to the agent)"),
    reason,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", onclick: () => void send(confirm(event, "allow"), card) }, "Allow"),
      h("button", { type: "button", class: "danger", onclick: () => void send(confirm(event, "deny", reason.value.trim()), card) }, "Deny"),
    ),
    error,
  );
  return card;
}

/**
 * The Thread an answer goes to: the call's own `session_thread_id`, echoed. A child Thread's
 * call is cross-posted to the Session stream with the child's id, and the API routes an answer
 * without one to the primary Thread (where the child's call does not exist).
 */
function threadOf(event: Any): { session_thread_id?: string } {
  const thread = event["session_thread_id"];
  return typeof thread === "string" && thread !== "" ? { session_thread_id: thread } : {};
}

function confirm(event: Any, result: "allow" | "deny", denyMessage = ""): Parameters<Mango["sessions"]["events"]["send"]>[1] {
  // Without a reason the agent is told "The user denied this tool call."
  const message = result === "deny" && denyMessage !== "" ? { deny_message: denyMessage } : {};
  return { events: [{ type: "user.tool_confirmation", tool_use_id: String(event["id"]), result, ...message, ...threadOf(event) }] };
}
