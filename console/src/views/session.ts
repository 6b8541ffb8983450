/**
 * The Session page: header (status, agent, usage), the live timeline, pending actions and
 * the composer (message, interrupt).
 *
 * Following the stream: open it first, then list the history, then read the stream, keeping
 * each event once by id (the API's documented recipe). When the connection drops, reconnect
 * with `Last-Event-ID` set to the last persisted event shown: the server replays what was
 * missed, so the timeline resumes with no gap and no duplicate. Previews (`event_start`,
 * `event_delta`) render text as it is written; the persisted `agent.message` replaces them.
 */

import type { Mango, Session, SessionStreamEvent } from "@mango-ai/sdk";
import { APIStatusError } from "@mango-ai/sdk";

import { api, describeError } from "../api";
import { h, rawJson, replace } from "../dom";
import type { Cleanup } from "../router";
import { pendingIds, renderActions } from "./actions";
import { eventRow, previewRow, usageLine } from "./events";
import { stopPanel } from "./stop";
import { Threads } from "./threads";

type Any = Record<string, unknown>;
type Connection = "connecting" | "live" | "reconnecting" | "closed";

/**
 * The persisted events in the Session's sequence, each shown once.
 *
 * The API delivers events in commit order everywhere: the history listing, the stream, and a
 * stream resumed after `Last-Event-ID`, which sends exactly the events after that one. So the
 * order in which an event id is first seen is its place in the Session sequence; each event
 * gets that ordinal and its row is inserted at its place among the persisted rows. Previews of
 * messages still being written sit after every persisted row and never take a place in the
 * sequence: the committed event that replaces one is inserted at its own ordinal, not where
 * its preview happened to be (a preview can precede events committed before its message).
 */
export class Timeline {
  readonly events: SessionStreamEvent[] = [];
  readonly byId = new Map<string, SessionStreamEvent>();
  lastId: string | undefined;
  /** The Threads panel, which badges and filters the rows; set once the page has built it. */
  threads: Threads | undefined;
  /** An event about Threads was added since the Threads listing was last read. */
  threadsChanged = false;

  constructor(readonly list: HTMLOListElement) {}

  /** Add a persisted event once, at its place in the sequence; false when it was already shown. */
  add(event: SessionStreamEvent): boolean {
    const id = String((event as unknown as Any)["id"]);
    if (this.byId.has(id)) {
      return false;
    }
    const place = this.events.length;
    this.byId.set(id, event);
    this.events.push(event);
    this.lastId = id;
    const row = eventRow(event);
    row.dataset["seq"] = String(place);
    this.list.querySelector(`[data-preview-id="${CSS.escape(id)}"]`)?.remove();
    this.list.insertBefore(row, this.firstPreview());
    if (this.threads) {
      this.threads.place(row);
      this.threadsChanged = this.threads.observe(event as unknown as Any) || this.threadsChanged;
    }
    const type = String((event as unknown as Any)["type"]);
    if (type === "span.model_request_end" || type === "session.status_idle" || type === "session.status_terminated") {
      // The end of a model request closes its previews (the API's rule): a failed or
      // interrupted request never commits the message it was writing.
      this.list.querySelectorAll("[data-preview-id]").forEach((preview) => preview.remove());
    }
    return true;
  }

  /** The first preview row: persisted rows go before it, so previews always trail the sequence. */
  private firstPreview(): Element | null {
    return this.list.querySelector(":scope > [data-preview-id]");
  }

  preview(event: Any): void {
    if (event["type"] === "event_start") {
      const ref = event["event"] as Any;
      const id = String(ref["id"]);
      if (!this.byId.has(id) && !this.list.querySelector(`[data-preview-id="${CSS.escape(id)}"]`)) {
        this.list.appendChild(previewRow(id, String(ref["type"] ?? "agent.message")));
      }
      return;
    }
    const id = String(event["event_id"]);
    const row = this.list.querySelector(`[data-preview-id="${CSS.escape(id)}"] .text`);
    const delta = ((event["delta"] as Any | undefined)?.["content"] as Any | undefined)?.["text"];
    if (row && typeof delta === "string") {
      row.textContent = (row.textContent ?? "") + delta;
    }
  }
}

export async function sessionView(main: HTMLElement, sessionId: string): Promise<Cleanup> {
  const client = api();
  const abort = new AbortController();
  const header = h("section", { class: "session-head", "aria-label": "Session" });
  const conn = h("span", { id: "connection", class: "badge", role: "status" }, "connecting");
  const list = h("ol", { id: "timeline", class: "timeline", "aria-label": "Timeline", "aria-live": "polite" });
  const actions = h("section", { id: "actions", class: "actions", "aria-labelledby": "actions-title", hidden: true });
  const error = h("p", { id: "session-error", class: "error", role: "alert" });
  const timeline = new Timeline(list);
  const threads = new Threads(client, sessionId, list);
  timeline.threads = threads;
  let session: Session;
  try {
    session = await client.sessions.get(sessionId);
  } catch (exc) {
    replace(main, h("h1", {}, "Session"), h("p", { class: "error", role: "alert" }, describeError(exc)));
    return () => undefined;
  }
  const status = h("span", { id: "session-status", class: `badge status-${session.status}` }, session.status);
  const used = h("span", { id: "session-usage", class: "muted" }, usageLine(session.usage as unknown as Any));
  const composer = buildComposer(client, sessionId, error, session.status);
  const stop = h("section", { id: "session-stop", class: "session-stop", "aria-label": "Why the Session waits" }, ...stopPanel(session));
  replace(
    header,
    h("h1", {}, session.title ?? "Session"),
    h("code", { class: "muted" }, session.id),
    h("span", { class: "muted" }, ` agent ${session.agent.id} v${session.agent.version}`),
    status,
    conn,
    used,
    rawJson(session, "Session JSON"),
  );
  replace(main, header, stop, error, h("div", { class: "session-grid" }, list, h("div", { class: "side" }, actions, threads.panel, composer.form)));

  // The stop reason and stalls come from a read of the Session: after each status event, and on a
  // slow timer because a stall (no worker polling) appears with time, not with an event.
  let statusEvents = 0;
  const reread = (): void => {
    client.sessions.get(sessionId).then(
      (fresh) => replace(stop, ...stopPanel(fresh)),
      () => undefined, // the timeline's connection state already shows an unreachable server
    );
  };
  const timer = window.setInterval(reread, 15_000);
  const refresh = (): void => {
    const statuses = timeline.events.filter((e) => String((e as unknown as Any)["type"]).startsWith("session.status_"));
    if (statuses.length !== statusEvents) {
      statusEvents = statuses.length;
      reread();
    }
    const last = statuses[statuses.length - 1];
    if (last) {
      const value = String((last as unknown as Any)["type"]).replace("session.status_", "");
      status.textContent = value;
      status.className = `badge status-${value}`;
      composer.setRunning(value === "running" || value === "rescheduled");
    }
    // Usage after the page opened arrives as `session.usage` (a Session with a budget).
    const latest = [...timeline.events].reverse().find((e) => (e as unknown as Any)["type"] === "session.usage");
    if (latest) {
      used.textContent = usageLine((latest as unknown as Any)["usage"] as Any);
    }
    renderActions(actions, client, sessionId, timeline.byId, pendingIds(timeline.events));
    if (timeline.threadsChanged) {
      timeline.threadsChanged = false;
      void threads.refresh();
    }
  };
  void threads.refresh();
  const setConn = (state: Connection): void => {
    conn.textContent = state;
    conn.className = `badge conn-${state}`;
  };
  void follow(client, sessionId, timeline, abort.signal, setConn, refresh, error);
  return () => {
    window.clearInterval(timer);
    abort.abort();
  };
}

async function follow(
  client: Mango,
  sessionId: string,
  timeline: Timeline,
  signal: AbortSignal,
  setConn: (state: Connection) => void,
  refresh: () => void,
  error: HTMLElement,
): Promise<void> {
  let loaded = false;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const resume = timeline.lastId === undefined ? {} : { last_event_id: timeline.lastId };
      const stream = client.sessions.events.stream(
        sessionId,
        { event_deltas: ["agent.message", "agent.thinking"], ...resume },
        { signal, maxRetries: 0 },
      );
      await stream.open();
      if (!loaded) {
        for await (const event of client.sessions.events.list(sessionId, { limit: 100 })) {
          timeline.add(event);
        }
        loaded = true;
        refresh();
      }
      setConn("live");
      error.textContent = "";
      for await (const event of stream) {
        failures = 0;
        const type = String((event as unknown as Any)["type"]);
        if (type === "event_start" || type === "event_delta") {
          timeline.preview(event as unknown as Any);
        } else if (timeline.add(event)) {
          refresh();
        }
      }
      setConn("closed");
      return;
    } catch (exc) {
      if (signal.aborted) {
        return;
      }
      if (exc instanceof APIStatusError && exc.status < 500 && exc.status !== 429) {
        error.textContent = describeError(exc);
        setConn("closed");
        return;
      }
      setConn("reconnecting");
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** Math.min(failures, 4), 5000)));
    }
  }
}

function buildComposer(
  client: Mango,
  sessionId: string,
  error: HTMLElement,
  initial: string,
): { form: HTMLFormElement; setRunning: (running: boolean) => void } {
  const area = h("textarea", { id: "message", rows: 4, placeholder: "Message (Ctrl+Enter to send)" });
  const sendButton = h("button", { type: "submit" }, "Send");
  const interrupt = h("button", { type: "button", class: "danger", id: "interrupt" }, "Interrupt");
  const form = h(
    "form",
    { class: "composer card", "aria-label": "Composer" },
    h("label", { for: "message" }, "Message"),
    area,
    h("div", { class: "row" }, sendButton, interrupt),
  );
  const send = async (events: Parameters<Mango["sessions"]["events"]["send"]>[1]["events"]): Promise<boolean> => {
    error.textContent = "";
    try {
      await client.sessions.events.send(sessionId, { events });
      return true;
    } catch (exc) {
      error.textContent = describeError(exc);
      return false;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = area.value.trim();
    if (text === "") {
      return;
    }
    sendButton.disabled = true;
    void send([{ type: "user.message", content: [{ type: "text", text }] }]).then((ok) => {
      sendButton.disabled = false;
      if (ok) {
        area.value = "";
      }
    });
  });
  area.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      form.requestSubmit();
    }
  });
  interrupt.addEventListener("click", () => void send([{ type: "user.interrupt" }]));
  const setRunning = (running: boolean): void => {
    interrupt.disabled = !running;
  };
  setRunning(initial === "running" || initial === "rescheduling");
  return { form, setRunning };
}
