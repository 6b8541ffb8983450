/**
 * How one Session event looks in the timeline: a labelled row with its summary, its details
 * (tool input and result, error and retry status, usage) and its raw JSON. Pure rendering:
 * no API calls; unknown event types are shown by type with their JSON. A message's or custom
 * tool result's inline images are shown as images (only the four image types the API accepts,
 * as `data:` URLs); an image or document named by File id links to the File.
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

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A user content block (text, image, document) as the timeline shows it. */
function block(value: unknown): Child {
  const item = (value ?? {}) as Any;
  const source = (item["source"] ?? {}) as Any;
  const fileId = source["type"] === "file" && typeof source["file_id"] === "string" ? source["file_id"] : null;
  switch (item["type"]) {
    case "text":
      return h("div", { class: "text" }, String(item["text"] ?? ""));
    case "image": {
      const mediaType = String(source["media_type"] ?? "");
      const data = String(source["data"] ?? "");
      if (source["type"] === "base64" && IMAGE_TYPES.has(mediaType) && BASE64.test(data)) {
        return h("img", { class: "content-image", src: `data:${mediaType};base64,${data}`, alt: `Image (${mediaType})` });
      }
      return fileId
        ? h("p", { class: "file-ref" }, "Image: ", h("a", { href: `#/files/${fileId}` }, `File ${fileId}`))
        : h("div", { class: "text" }, "[image]");
    }
    case "document": {
      const title = typeof item["title"] === "string" && item["title"] ? ` “${item["title"]}”` : "";
      const kind = source["media_type"] === "application/pdf" ? "PDF" : "Document";
      return fileId
        ? h("p", { class: "file-ref" }, `Document${title}: `, h("a", { href: `#/files/${fileId}` }, `File ${fileId}`))
        : h("p", { class: "file-ref" }, `${kind}${title} (inline)`);
    }
    default:
      return h("div", { class: "text" }, `[${String(item["type"])}]`);
  }
}

function blocks(content: unknown): Child[] {
  return Array.isArray(content) ? content.map(block) : [];
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
  "session.usage": "Usage",
  "span.model_request_start": "Model request",
  "span.model_request_end": "Model request done",
  "agent.thread_context_compacted": "Context compacted",
  "agent.thread_message_sent": "Thread message sent",
  "agent.thread_message_received": "Thread message received",
  "session.thread_created": "Thread created",
  "session.thread_status_running": "Thread status",
  "session.thread_status_idle": "Thread status",
  "session.thread_status_rescheduled": "Thread status",
  "session.thread_status_terminated": "Thread status",
};

/** A Thread named by its Agent when the event carries the name, by its id otherwise. */
function peer(name: unknown, id: unknown): string {
  return typeof name === "string" && name !== "" ? name : String(id ?? "?");
}

const count = (value: unknown): string => (typeof value === "number" ? value.toLocaleString("en-US") : "?");

function permission(event: Any): Child[] {
  const evaluated = event["evaluated_permission"];
  const evaluation = event["evaluation"] as Any | undefined;
  return [
    typeof evaluated === "string" ? h("span", { class: `badge perm-${evaluated}` }, evaluated) : null,
    // The `auto` evaluator's verdict: why the call runs, waits or is refused.
    evaluation
      ? h(
          "p",
          { class: "evaluation" },
          h("strong", {}, `Evaluator: ${String(evaluation["decision"] ?? "?")}`),
          ` (${String(evaluation["reason_type"] ?? "?")}) ${String(evaluation["reason"] ?? "")}`,
        )
      : null,
  ];
}

/** One line for a Session's cumulative usage (the Session's `usage`, or a `session.usage` event's). */
export function usageLine(used: Any): string {
  const cost = used["list_cost"] as Any | null | undefined;
  return `${count(used["input_tokens"])} in / ${count(used["output_tokens"])} out tokens` +
    (cost ? `, list cost $${String(cost["amount"])}` : "");
}

function usage(event: Any): Child[] {
  const used = (event["usage"] ?? {}) as Any;
  const cost = used["list_cost"] as Any | null | undefined;
  const budget = event["budget"] as Any | null | undefined;
  const limits: string[] = [];
  if (budget) {
    if (typeof budget["max_tokens"] === "number") {
      limits.push(`${count(budget["max_tokens"])} tokens`);
    }
    const maxCost = budget["max_list_cost"] as Any | null | undefined;
    if (maxCost) {
      limits.push(`$${String(maxCost["amount"])}`);
    }
  }
  return [
    h(
      "span",
      { class: "usage" },
      `${count(used["input_tokens"])} in / ${count(used["output_tokens"])} out tokens`,
      ` (cache: ${count(used["cache_read_input_tokens"])} read, ${count(used["cache_creation_input_tokens"])} written)`,
      cost ? `, list cost $${String(cost["amount"])}` : ", no list price",
    ),
    h("span", { class: "budget" }, budget ? ` · budget ${limits.join(" and ") || "set"}` : " · no budget"),
  ];
}

function body(event: Any): Child[] {
  const type = String(event["type"]);
  switch (type) {
    case "user.message":
    case "user.custom_tool_result":
      return [
        h("div", { class: "content" }, ...blocks(event["content"])),
        event["is_error"] === true ? h("span", { class: "badge bad" }, "error") : null,
      ];
    case "agent.message":
    case "user.tool_result":
    case "agent.tool_result":
      return [
        h("div", { class: "text" }, text(event["content"])),
        event["is_error"] === true ? h("span", { class: "badge bad" }, "error") : null,
      ];
    case "agent.mcp_tool_result": {
      const fileId = event["file_id"];
      return [
        h("div", { class: "text" }, text(event["content"])),
        event["is_error"] === true ? h("span", { class: "badge bad" }, "error") : null,
        // A large result is kept as a File; the event holds only its preview.
        typeof fileId === "string"
          ? h("p", { class: "file-ref" }, "Preview only; the full result is ", h("a", { href: `#/files/${fileId}` }, `File ${fileId}`))
          : null,
      ];
    }
    case "agent.tool_use":
    case "agent.custom_tool_use":
      return [
        h("span", { class: "tool-name" }, String(event["name"] ?? "")),
        ...permission(event),
        h("pre", { class: "input" }, json(event["input"])),
      ];
    case "agent.mcp_tool_use":
      return [
        h("span", { class: "tool-name" }, `${String(event["mcp_server_name"] ?? "?")} / ${String(event["name"] ?? "")}`),
        ...permission(event),
        h("pre", { class: "input" }, json(event["input"])),
      ];
    case "agent.thinking":
      // The API carries no thinking text (it stays in the private transcript): only the signal.
      return [h("em", {}, "The model thought before answering.")];
    case "agent.thread_context_compacted":
      return [
        `${count(event["pre_tokens"])} → ${count(event["post_tokens"])} input tokens`,
        typeof event["mode"] === "string" ? h("span", { class: "badge" }, event["mode"]) : null,
      ];
    case "session.usage":
      return usage(event);
    case "agent.thread_message_sent":
      return [
        h("span", { class: "peer" }, `to ${peer(event["to_agent_name"], event["to_session_thread_id"])}`),
        h("div", { class: "text" }, text(event["content"])),
      ];
    case "agent.thread_message_received":
      return [
        h("span", { class: "peer" }, `from ${peer(event["from_agent_name"], event["from_session_thread_id"])}`),
        h("div", { class: "text" }, text(event["content"])),
      ];
    case "session.thread_created":
      return [`${String(event["agent_name"] ?? "?")} joined`];
    case "session.thread_status_running":
    case "session.thread_status_rescheduled":
    case "session.thread_status_terminated":
      return [`${String(event["agent_name"] ?? "?")}: ${type.replace("session.thread_status_", "")}`];
    case "session.thread_status_idle": {
      const reason = (event["stop_reason"] ?? {}) as Any;
      return [`${String(event["agent_name"] ?? "?")}: idle (${String(reason["type"] ?? "?")})`];
    }
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
      const used = (event["model_usage"] ?? {}) as Any;
      return [
        `${count(used["input_tokens"])} in / ${count(used["output_tokens"])} out tokens`,
        event["is_error"] === true ? h("span", { class: "badge bad" }, "failed") : null,
      ];
    }
    case "session.status_idle": {
      const reason = (event["stop_reason"] ?? {}) as Any;
      return [`idle (${String(reason["type"] ?? "?")})`];
    }
    default:
      // Unknown types (newer servers, Threads) are shown by type with their JSON, never dropped.
      return type.startsWith("session.status_") ? [type.replace("session.status_", "")] : [];
  }
}

/** The other Thread an event is about (a message's sender or receiver), for the timeline filter. */
function peerThread(event: Any): string {
  const id = event["to_session_thread_id"] ?? event["from_session_thread_id"];
  return typeof id === "string" ? id : "";
}

/** The `<li>` of one persisted event. */
export function eventRow(event: SessionStreamEvent): HTMLLIElement {
  const raw = event as unknown as Any;
  const type = String(raw["type"]);
  const quiet = type.startsWith("session.status_") || type.startsWith("session.thread_status_") || type.startsWith("span.");
  return h(
    "li",
    {
      class: `event ${quiet ? "quiet" : ""} t-${type.replace(/\./g, "-")}`,
      "data-event-id": String(raw["id"] ?? ""),
      "data-type": type,
      "data-thread-id": typeof raw["session_thread_id"] === "string" ? raw["session_thread_id"] : "",
      "data-peer-thread-id": peerThread(raw),
    },
    h("span", { class: "label" }, LABELS[type] ?? (type.startsWith("session.status_") ? "Status" : type)),
    // The Thread badge (for rows outside the primary Thread) is added by the Session page's
    // Threads, which know the primary Thread and the Agent names.
    h("div", { class: "body" }, ...body(raw)),
    h("time", { datetime: String(raw["created_at"] ?? "") }, new Date(String(raw["created_at"] ?? "")).toLocaleTimeString()),
    rawJson(event),
  );
}

/** The `<li>` of a message (or thinking) still being written: a stream preview, filled by deltas. */
export function previewRow(id: string, type = "agent.message"): HTMLLIElement {
  return h(
    "li",
    { class: `event preview t-${type.replace(/\./g, "-")}`, "data-preview-id": id, "aria-busy": "true" },
    h("span", { class: "label" }, LABELS[type] ?? type),
    h("div", { class: "body" }, h("div", { class: "text" })),
    // A thinking preview gets a start only (no text): it says the model is thinking.
    h("span", { class: "badge" }, type === "agent.thinking" ? "thinking…" : "writing…"),
  );
}
