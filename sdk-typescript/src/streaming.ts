/**
 * Server-sent events: a byte-level SSE parser and the resumable, typed event iterator.
 *
 * {@link parseSSE} turns a fetch body into raw `{event, data, id}` messages per the WHATWG
 * rules (`\n`, `\r\n` or `\r` line ends, `:` comments, multi-line `data`). {@link Stream}
 * decodes each message's `data` as JSON and yields it: known and unknown event types alike
 * are passed through as their JSON object (forward compatibility), `ping` is dropped, and an
 * `error` event raises the status error its envelope describes. When the connection drops
 * mid-stream it reconnects with `Last-Event-ID` set to the last id seen, so no event is lost
 * or repeated; consecutive failed reconnects are bounded. A clean end of the body ends the
 * iteration. Opening the HTTP request (auth, status errors, retries) belongs to the transport.
 */

import { APIConnectionError, MangoError, errorFromEnvelope } from "./errors.js";
import { type BackoffOptions, retryDelay, sleep } from "./retry.js";

/** One raw server-sent event. */
export interface ServerSentEvent {
  /** The `event:` field; `message` when absent. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** The `id:` field, when the event carried one. */
  id: string | undefined;
}

/** Parse a byte stream into server-sent events. Throws whatever the underlying read throws. */
export async function* parseSSE(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | undefined;
  let sawData = false;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text = buffer + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      // A trailing "\r" may be the first half of "\r\n": hold it back until more bytes arrive.
      const hold = !done && text.endsWith("\r") ? "\r" : "";
      text = hold ? text.slice(0, -1) : text;
      const lines = text.split(/\r\n|\n|\r/);
      // The last piece has no line end yet; at the end of the body it is an incomplete line and dropped.
      buffer = (lines.pop() ?? "") + hold;
      for (const line of lines) {
        if (line === "") {
          if (sawData) {
            yield { event: event || "message", data: data.join("\n"), id };
          }
          event = "";
          data = [];
          sawData = false;
          id = undefined;
          continue;
        }
        if (line.startsWith(":")) {
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) {
          value = value.slice(1);
        }
        if (field === "event") {
          event = value;
        } else if (field === "data") {
          data.push(value);
          sawData = true;
        } else if (field === "id" && !value.includes("\0")) {
          id = value;
        }
      }
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    // Abandoned early (the consumer broke out, or a read failed): close the connection.
    if (!finished) {
      await reader.cancel().catch(() => undefined);
    }
    reader.releaseLock();
  }
}

/** Opens (or re-opens) the event stream, sending `Last-Event-ID` when `lastEventId` is set. */
export type StreamConnector = (lastEventId: string | undefined, signal: AbortSignal | undefined) => Promise<Response>;

/** Options of a {@link Stream}. */
export interface StreamOptions {
  /** Resume after this event id on the first connection. */
  lastEventId?: string | undefined;
  /** Consecutive reconnects allowed after a dropped connection. */
  maxReconnects: number;
  /** Backoff between reconnects. */
  backoff?: BackoffOptions | undefined;
  /** Cancels the stream. */
  signal?: AbortSignal | undefined;
}

/**
 * A typed, resumable SSE iterator. Iterate it once with `for await`; breaking out of the loop
 * closes the connection. Iterating connects; {@link Stream.open} connects before that.
 */
export class Stream<T> implements AsyncIterable<T> {
  readonly #connect: StreamConnector;
  readonly #options: StreamOptions;
  #lastEventId: string | undefined;
  #opened: Response | undefined;

  constructor(connect: StreamConnector, options: StreamOptions) {
    this.#connect = connect;
    this.#options = options;
    this.#lastEventId = options.lastEventId;
  }

  /** The id of the last event received (what a reconnect resumes after). */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  /**
   * Connect now, before iterating (status errors throw here); iterating then reads this
   * connection first. A stream without `Last-Event-ID` starts when the server answers, so open
   * it before sending the events whose consequences you want to see.
   */
  async open(): Promise<this> {
    this.#opened ??= await this.#connect(this.#lastEventId, this.#options.signal);
    return this;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let failures = 0;
    for (;;) {
      let response: Response;
      try {
        response = this.#opened ?? (await this.#connect(this.#lastEventId, this.#options.signal));
        this.#opened = undefined;
      } catch (error) {
        failures = await this.#backoffOrThrow(failures, error);
        continue;
      }
      if (response.body === null) {
        return;
      }
      try {
        for await (const message of parseSSE(response.body)) {
          failures = 0;
          if (message.id !== undefined) {
            this.#lastEventId = message.id;
          }
          const decoded = decodeMessage(message);
          if (decoded !== undefined) {
            yield decoded as T;
          }
        }
        return;
      } catch (error) {
        if (error instanceof MangoError || this.#options.signal?.aborted) {
          throw error;
        }
        await response.body.cancel().catch(() => undefined);
        const dropped = new APIConnectionError("Event stream connection dropped.", { cause: error });
        failures = await this.#backoffOrThrow(failures, dropped);
      }
    }
  }

  /** Wait before the next reconnect, or rethrow once the reconnect budget is spent. */
  async #backoffOrThrow(failures: number, error: unknown): Promise<number> {
    if (!(error instanceof APIConnectionError) || failures >= this.#options.maxReconnects) {
      throw error;
    }
    await sleep(retryDelay(failures, error, this.#options.backoff), this.#options.signal);
    return failures + 1;
  }
}

/** Decode one message: undefined for pings, throws for `error`, the JSON object otherwise. */
function decodeMessage(message: ServerSentEvent): unknown {
  if (message.event === "ping") {
    return undefined;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch (cause) {
    throw new MangoError(`Event ${JSON.stringify(message.event)} carried data that is not JSON.`, { cause });
  }
  if (message.event === "error") {
    throw errorFromEnvelope(payload);
  }
  return payload;
}
