/**
 * The Session page's "why is it stopped" panel: the stop reason with the ids it names, and the
 * Session's stalls (a queued Work item no worker takes, a blocked child Thread), each with the
 * action that moves it on (docs/sessions.md, "When a Session stops making progress").
 *
 * Renders one Session read; the page re-reads the Session when a status event arrives and on a
 * slow timer (a stall appears with time, not with an event). Not responsible for fetching.
 */

import type { Session, SessionStall, StopReason } from "@mango-ai/sdk";

import { h, type Child } from "../dom";

/** What resumes each stop reason; `end_turn` and `max_tokens` are finished turns, not waits. */
const ACTIONS: Record<string, string> = {
  requires_action: "answer the pending tool calls below",
  budget_reached: "raise or remove the Session's budget",
  context_overflow: "send a new message: the next turn starts from the compacted context",
  retries_exhausted: "send a new message after fixing the cause in the last session.error",
  credential_failed: "update the credential in its vault",
  worker_failed: "terminal: fix the failed input and start a new Session",
};

/** The ids a stop reason names, as `label value` pairs in a fixed order. */
function reasonIds(reason: StopReason): Array<[string, string]> {
  const fields = reason as unknown as Record<string, unknown>;
  const out: Array<[string, string]> = [];
  for (const key of ["event_ids", "mcp_server_name", "vault_id", "credential_id", "work_id", "environment_id", "input_tokens"]) {
    const value = fields[key];
    if (Array.isArray(value)) {
      out.push([key, value.join(", ")]);
    } else if (value !== undefined && value !== null) {
      out.push([key, String(value)]);
    }
  }
  return out;
}

function ids(pairs: Array<[string, string]>): Child {
  if (!pairs.length) {
    return null;
  }
  return h("dl", { class: "stop-ids" }, ...pairs.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, h("code", {}, v))]));
}

function stallItem(stall: SessionStall): HTMLElement {
  if (stall.type === "worker_unavailable") {
    return h(
      "li",
      { class: "stall", "data-stall": stall.type },
      h("strong", {}, "worker_unavailable"),
      ` no worker of the Environment has polled since ${stall.since}; start one to serve the queued Work`,
      ids([
        ["environment_id", stall.environment_id],
        ["work_ids", stall.work_ids.join(", ")],
      ]),
    );
  }
  return h(
    "li",
    { class: "stall", "data-stall": stall.type },
    h("strong", {}, "thread_blocked"),
    ` a child Thread is idle on ${stall.stop_reason.type}; ${ACTIONS[stall.stop_reason.type] ?? "resolve it"}`,
    ids([["session_thread_id", stall.session_thread_id], ...reasonIds(stall.stop_reason)]),
  );
}

/** The panel's content for one read of the Session (empty when it neither waits nor is stalled). */
export function stopPanel(session: Session): Child[] {
  const reason = session.stop_reason;
  const stalls = session.stalls ?? [];
  const parts: Child[] = [];
  const waiting = reason !== null && (session.status === "idle" || session.status === "terminated");
  if (waiting && reason !== null) {
    const action = ACTIONS[reason.type];
    parts.push(
      h(
        "p",
        {},
        "Stop reason ",
        h("strong", { id: "stop-reason" }, reason.type),
        action ? h("span", { class: "muted" }, ` (${action})`) : null,
      ),
      ids(reasonIds(reason)),
    );
  }
  if (stalls.length) {
    parts.push(h("ul", { id: "stalls", "aria-label": "Stalls" }, ...stalls.map(stallItem)));
  }
  return parts;
}
