/**
 * How one Session event looks in the timeline: a labelled row with its summary, its details
 * (tool input and result, error and retry status, usage) and its raw JSON. Pure rendering:
 * no API calls; unknown event types are shown by type with their JSON.
 */

import type { SessionStreamEvent } from "@mango-ai/sdk";

import { h, json, rawJson, type Child } from "../dom";

type Any = Record<string, unknown>;

function text(content: unknown): string {
  if (!Array.isArray(content)) {
    return "";
  }
  return content
    .map((block: Any) => (block["type"] === "text" ? String(block["text"] ?? "") : `[${String(block["type"])}]`))
    .join("\n");
}

const LABELS: Record<string, string> = {
  "user.message": "You",
  "agent.message": "Agent",
  "agent.thinking": "Thinking",
  "agent.tool_use": "Tool call",
  "agent.tool_result": "Tool result",
  "user.tool_result": "Tool result",
  "agent.custom_tool_use": "Custom tool call",
  "user.custom_tool_result": "Custom tool result",
  "agent.mcp_tool_use": "MCP tool call",
  "agent.mcp_tool_result": "MCP tool result",
  "user.tool_confirmation": "Confirmation",
  "user.interrupt": "Interrupt",
  "session.error": "Error",
  "span.model_request_start": "Model request",
  "span.model_request_end": "Model request done",
  "agent.thread_context_compacted": "Context compacted",
};

function body(event: Any): Child[] {
  const type = String(event["type"]);
  switch (type) {
    case "user.message":
    case "agent.message":
    case "user.tool_result":
    case "agent.tool_result":
    case "user.custom_tool_result":
    case "agent.mcp_tool_result":
      return [
        h("div", { class: "text" }, text(event["content"])),
        event["is_error"] === true ? h("span", { class: "badge bad" }, "error") : null,
      ];
    case "agent.tool_use":
    case "agent.custom_tool_use":
    case "agent.mcp_tool_use":
      return [
        h("span", { class: "tool-name" }, String(event["name"] ?? "")),
        typeof event["evaluated_permission"] === "string"
          ? h("span", { class: `badge perm-${String(event["evaluated_permission"])}` }, String(event["evaluated_permission"]))
          : null,
        h("pre", { class: "input" }, json(event["input"])),
      ];
    case "user.tool_confirmation":
      return [`${event["result"] === "allow" ? "Allowed" : "Denied"} ${String(event["tool_use_id"])}`];
    case "session.error": {
      const error = (event["error"] ?? {}) as Any;
      const retry = ((error["retry_status"] ?? {}) as Any)["type"];
      return [
        h("strong", {}, String(error["type"] ?? "")),
        `: ${String(error["message"] ?? "")} `,
        h("span", { class: "badge bad" }, `retry: ${String(retry ?? "?")}`),
      ];
    }
    case "span.model_request_end": {
      const usage = (event["model_usage"] ?? {}) as Any;
      return [`${String(usage["input_tokens"] ?? 0)} in / ${String(usage["output_tokens"] ?? 0)} out tokens`];
    }
    case "session.status_idle": {
      const reason = (event["stop_reason"] ?? {}) as Any;
      return [`idle (${String(reason["type"] ?? "?")})`];
    }
    default:
      return type.startsWith("session.status_") ? [type.replace("session.status_", "")] : [];
  }
}

/** The `<li>` of one persisted event. */
export function eventRow(event: SessionStreamEvent): HTMLLIElement {
  const raw = event as unknown as Any;
  const type = String(raw["type"]);
  const quiet = type.startsWith("session.status_") || type.startsWith("span.");
  return h(
    "li",
    { class: `event ${quiet ? "quiet" : ""} t-${type.replace(/\./g, "-")}`, "data-event-id": String(raw["id"] ?? ""), "data-type": type },
    h("span", { class: "label" }, LABELS[type] ?? (type.startsWith("session.status_") ? "Status" : type)),
    h("div", { class: "body" }, ...body(raw)),
    h("time", { datetime: String(raw["created_at"] ?? "") }, new Date(String(raw["created_at"] ?? "")).toLocaleTimeString()),
    rawJson(event),
  );
}

/** The `<li>` of a message still being written (stream preview), filled by deltas. */
export function previewRow(id: string): HTMLLIElement {
  return h(
    "li",
    { class: "event preview t-agent-message", "data-preview-id": id, "aria-busy": "true" },
    h("span", { class: "label" }, "Agent"),
    h("div", { class: "body" }, h("div", { class: "text" })),
    h("span", { class: "badge" }, "writing…"),
  );
}
