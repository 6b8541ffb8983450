/**
 * The `Mango` client: resolves options and environment once, then exposes every resource.
 *
 * `new Mango()` reads `MANGO_BASE_URL` and `MANGO_API_KEY` at construction and never again;
 * explicit options win. The resource namespaces (`client.agents`, `client.sessions.events`,
 * ...) come from the generated `Resources` base class; requests go through one
 * {@link HTTPTransport}. The key may be absent (health checks need none); the API then
 * answers 401 on authenticated routes.
 */

import { HTTPTransport } from "./core.js";
import { Resources } from "./generated/resources.js";
import type { BackoffOptions } from "./retry.js";

export const DEFAULT_BASE_URL = "http://127.0.0.1:8000";
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Options of {@link Mango}. */
export interface ClientOptions {
  /** API origin; default `MANGO_BASE_URL`, else `http://127.0.0.1:8000`. */
  baseURL?: string | undefined;
  /** Workspace key, Environment key or session token, sent as `Authorization: Bearer`; default `MANGO_API_KEY`. */
  apiKey?: string | null | undefined;
  /** Retries of a failed call (see `retry.ts` for which calls are retried); default 2. */
  maxRetries?: number | undefined;
  /** Per-attempt timeout in milliseconds (a stream: until its headers arrive); default 60 s. */
  timeoutMs?: number | undefined;
  /** A `fetch` implementation; default the global one. */
  fetch?: typeof fetch | undefined;
  /** Headers added to every request. */
  defaultHeaders?: Record<string, string> | undefined;
  /** Retry backoff tuning. */
  backoff?: BackoffOptions | undefined;
}

function env(name: string): string | undefined {
  // Reached through globalThis so the module type-checks and runs where `process` does not exist (browsers).
  const host = globalThis as { process?: { env?: Record<string, string | undefined> } };
  const value = host.process?.env?.[name];
  return value === undefined || value === "" ? undefined : value;
}

/** The Mango API client. */
export class Mango extends Resources {
  readonly baseURL: string;
  readonly apiKey: string | null;
  readonly maxRetries: number;
  readonly timeoutMs: number;

  constructor(options: ClientOptions = {}) {
    const baseURL = options.baseURL ?? env("MANGO_BASE_URL") ?? DEFAULT_BASE_URL;
    const apiKey = options.apiKey === undefined ? (env("MANGO_API_KEY") ?? null) : options.apiKey;
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    super(
      new HTTPTransport({
        baseURL,
        apiKey,
        maxRetries,
        timeoutMs,
        fetch: fetchImpl,
        backoff: options.backoff,
        defaultHeaders: options.defaultHeaders,
      }),
    );
    this.baseURL = baseURL;
    this.apiKey = apiKey;
    this.maxRetries = maxRetries;
    this.timeoutMs = timeoutMs;
  }
}
