/**
 * The HTTP transport every generated resource method calls.
 *
 * Generated code (`generated/resources.ts`) describes a call as an {@link APIRequest} (method,
 * path, wire-named query, body, and one of the `multipart`/`stream`/`paginated`/`binary`
 * flags) and hands it to {@link Transport.request}; everything about the wire lives here:
 * URL and query encoding, auth, JSON and multipart bodies, timeouts, status-to-error
 * mapping and retries. Paging and SSE decoding are in `pagination.ts` and `streaming.ts`.
 * It does not know any Mango resource, and reads no environment (see `client.ts`).
 */

import { APIConnectionError, APIStatusError, APITimeoutError, makeStatusError } from "./errors.js";
import { PagePromise, Page } from "./pagination.js";
import { type BackoffOptions, isRetryable, retryDelay, sleep } from "./retry.js";
import { Stream } from "./streaming.js";

export { Page, PagePromise } from "./pagination.js";
export { Stream } from "./streaming.js";

export const SDK_VERSION = "0.1.0";

export type HTTPMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Anything a multipart file field accepts. */
export type Uploadable = Blob | Uint8Array | ArrayBuffer;

/** Per-call overrides, the last argument of every resource method. */
export interface RequestOptions {
  /** Extra request headers (e.g. `{"last-event-id": "sevt_9"}` to resume a stream). */
  headers?: Record<string, string> | undefined;
  /** Cancels the call (and an open stream). */
  signal?: AbortSignal | undefined;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number | undefined;
  /** Overrides the client's retry budget for this call (and a stream's reconnect budget). */
  maxRetries?: number | undefined;
}

/** One API call as generated code describes it. */
export interface APIRequest {
  method: HTTPMethod;
  /** Path with path parameters already substituted and encoded. */
  path: string;
  /** Query parameters under their wire names; see {@link encodeQuery}. */
  query?: Record<string, unknown> | undefined;
  /** Header parameters under their wire names; undefined values are not sent. */
  headers?: Record<string, string | undefined> | undefined;
  /** JSON body, or the form fields when `multipart` is set. */
  body?: unknown;
  multipart?: boolean;
  /** The answer is `text/event-stream`: return a {@link Stream}. */
  stream?: boolean;
  /** The answer is a `{data, next_page}` list: return a {@link PagePromise}. */
  paginated?: boolean;
  /** The answer is `application/octet-stream`: return the raw `Response`. */
  binary?: boolean;
  options?: RequestOptions | undefined;
}

/** What generated resources need from the client. */
export interface Transport {
  request<T>(req: APIRequest & { paginated: true }): PagePromise<T>;
  request<T>(req: APIRequest & { stream: true }): Stream<T>;
  request(req: APIRequest & { binary: true }): Promise<Response>;
  request<T>(req: APIRequest): Promise<T>;
}

/** Settings of an {@link HTTPTransport}; `client.ts` resolves defaults and environment. */
export interface TransportConfig {
  baseURL: string;
  apiKey: string | null;
  maxRetries: number;
  timeoutMs: number;
  fetch: typeof fetch;
  backoff?: BackoffOptions | undefined;
  defaultHeaders?: Record<string, string> | undefined;
}

/**
 * Encode query parameters. Keys are sent as given (wire names such as `tags[]`); an array
 * repeats its key once per item; a nested object expands to bracketed keys
 * (`{created_at: {gte: "x"}}` → `created_at[gte]=x`); `undefined`/`null` are omitted; dates
 * are sent as ISO 8601; booleans as `true`/`false`.
 */
export function encodeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) {
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item) => add(key, item));
    } else if (value instanceof Date) {
      params.append(key, value.toISOString());
    } else if (typeof value === "object") {
      for (const [sub, item] of Object.entries(value)) {
        add(`${key}[${sub}]`, item);
      }
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) {
    add(key, value);
  }
  return params;
}

/** Build a multipart form from an object of fields (files, strings, numbers, JSON values). */
export function toFormData(fields: unknown): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) {
      return;
    }
    if (value instanceof Blob) {
      const name = "name" in value && typeof value.name === "string" ? value.name : "upload";
      form.append(key, value, name);
    } else if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
      // Copying also detaches the part from a SharedArrayBuffer, which Blob does not accept.
      form.append(key, new Blob([value instanceof ArrayBuffer ? value : new Uint8Array(value)]), "upload");
    } else if (Array.isArray(value)) {
      value.forEach((item) => add(key, item));
    } else if (typeof value === "object") {
      form.append(key, JSON.stringify(value));
    } else {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    add(key, value);
  }
  return form;
}

interface Attempt {
  response: Response;
  /** The decoded body, when the attempt was asked to read it. */
  body?: unknown;
}

/** The fetch-based {@link Transport}. */
export class HTTPTransport implements Transport {
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = { ...config, baseURL: config.baseURL.replace(/\/+$/, "") };
  }

  request<T>(req: APIRequest & { paginated: true }): PagePromise<T>;
  request<T>(req: APIRequest & { stream: true }): Stream<T>;
  request(req: APIRequest & { binary: true }): Promise<Response>;
  request<T>(req: APIRequest): Promise<T>;
  request<T>(req: APIRequest): PagePromise<T> | Stream<T> | Promise<T> | Promise<Response> {
    if (req.paginated) {
      return new PagePromise<T>((cursor) => this.#fetchPage<T>(req, cursor));
    }
    if (req.stream) {
      return this.#openStream<T>(req);
    }
    if (req.binary) {
      const response: Promise<Response> = this.#send(req, false).then((attempt) => attempt.response);
      return response;
    }
    const decoded: Promise<T> = this.#send(req, true).then((attempt) => attempt.body as T);
    return decoded;
  }

  async #fetchPage<T>(req: APIRequest, cursor: string | undefined): Promise<Page<T>> {
    const query = cursor === undefined ? req.query : { ...req.query, page: cursor };
    const { body } = await this.#send({ ...req, query }, true);
    const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    return new Page<T>(raw, (next) => this.#fetchPage<T>(req, next));
  }

  #openStream<T>(req: APIRequest): Stream<T> {
    const initial = this.#headers(req).get("last-event-id") ?? undefined;
    const connect = async (lastEventId: string | undefined): Promise<Response> => {
      // The resume id replaces any Last-Event-ID the caller passed for the first connection.
      const resumed: APIRequest = {
        ...req,
        headers: { ...withoutLastEventId(req.headers), "last-event-id": lastEventId },
        options: { ...req.options, headers: withoutLastEventId(req.options?.headers) },
      };
      const { response } = await this.#send(resumed, false);
      return response;
    };
    return new Stream<T>(connect, {
      lastEventId: initial,
      maxReconnects: req.options?.maxRetries ?? this.#config.maxRetries,
      backoff: this.#config.backoff,
      signal: req.options?.signal,
    });
  }

  /** Send `req`, retrying per `retry.ts`; with `read`, the body is decoded inside the attempt. */
  async #send(original: APIRequest, read: boolean): Promise<Attempt> {
    const req = withIdempotencyKey(original);
    const idempotent = this.#headers(req).has(IDEMPOTENCY_HEADER);
    const maxRetries = req.options?.maxRetries ?? this.#config.maxRetries;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#attempt(req, read);
      } catch (error) {
        if (attempt >= maxRetries || !isRetryable(req.method, error, idempotent)) {
          throw error;
        }
        await sleep(retryDelay(attempt, error, this.#config.backoff), req.options?.signal);
      }
    }
  }

  async #attempt(req: APIRequest, read: boolean): Promise<Attempt> {
    const timeoutMs = req.options?.timeoutMs ?? this.#config.timeoutMs;
    const controller = new AbortController();
    const userSignal = req.options?.signal;
    const signal = userSignal ? AbortSignal.any([controller.signal, userSignal]) : controller.signal;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await this.#config.fetch(this.#url(req), {
        method: req.method,
        headers: this.#headers(req),
        body: this.#body(req),
        signal,
      });
      if (!response.ok) {
        throw makeStatusError(response.status, await decodeBody(response), response.headers);
      }
      return read ? { response, body: await decodeBody(response) } : { response };
    } catch (error) {
      if (timedOut) {
        throw new APITimeoutError(`Request timed out after ${timeoutMs} ms.`, { cause: error });
      }
      if (userSignal?.aborted || error instanceof APIStatusError) {
        throw error;
      }
      throw new APIConnectionError(`Connection error: ${describe(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  #url(req: APIRequest): string {
    const query = encodeQuery(req.query).toString();
    return `${this.#config.baseURL}${req.path}${query ? `?${query}` : ""}`;
  }

  #headers(req: APIRequest): Headers {
    const headers = new Headers();
    // Browsers own User-Agent: a page may not set it, and a cross-origin request carrying it
    // would need a CORS preflight for nothing.
    if (!inBrowser()) {
      headers.set("user-agent", `mango-typescript/${SDK_VERSION}`);
    }
    headers.set("accept", req.stream ? "text/event-stream" : req.binary ? "application/octet-stream" : "application/json");
    if (this.#config.apiKey) {
      headers.set("authorization", `Bearer ${this.#config.apiKey}`);
    }
    if (req.body !== undefined && !req.multipart) {
      headers.set("content-type", "application/json");
    }
    const extra = [this.#config.defaultHeaders, req.headers, req.options?.headers];
    for (const source of extra) {
      for (const [name, value] of Object.entries(source ?? {})) {
        if (value !== undefined) {
          headers.set(name, value);
        }
      }
    }
    return headers;
  }

  #body(req: APIRequest): BodyInit | undefined {
    if (req.body === undefined) {
      return undefined;
    }
    return req.multipart ? toFormData(req.body) : JSON.stringify(req.body);
  }
}

const IDEMPOTENCY_HEADER = "idempotency-key";

/** A fresh random key for one logical mutation. */
export function newIdempotencyKey(): string {
  return `mango-ts-${globalThis.crypto.randomUUID()}`;
}

/** `req` with an `Idempotency-Key` when it is a mutation without one (one key per call, reused by its retries). */
function withIdempotencyKey(req: APIRequest): APIRequest {
  const given = [req.headers, req.options?.headers].some((headers) =>
    Object.keys(headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER),
  );
  if (given || req.method === "GET") {
    return req;
  }
  return { ...req, headers: { ...req.headers, [IDEMPOTENCY_HEADER]: newIdempotencyKey() } };
}

/** Whether this runs in a browser page or worker (which forbid setting User-Agent). */
function inBrowser(): boolean {
  const host = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return host.document !== undefined || host.WorkerGlobalScope !== undefined;
}

function withoutLastEventId<V>(headers: Record<string, V> | undefined): Record<string, V> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== "last-event-id"));
}

/** Decode a response body: JSON when it parses, its text otherwise, undefined when empty. */
async function decodeBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
