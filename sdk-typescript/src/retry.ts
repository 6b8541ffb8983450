/**
 * Retry rules and backoff for the transport and the SSE reconnect loop.
 *
 * What is retried: every method on 429 and 503 (the server refused before doing any work);
 * reads (`GET`/`HEAD`) and mutations carrying an `Idempotency-Key` on any other 5xx (but 501)
 * or connection error. The transport gives every mutation a fresh key reused by its retries,
 * so the server replays a committed write instead of running it twice; a mutation without a
 * key is never retried otherwise, because a 500 or a dropped connection may hide a committed write.
 * How long to wait: a server `retry-after` (seconds or HTTP date) wins, capped at
 * `maxRetryAfterMs`; otherwise exponential backoff from `initialDelayMs` up to `maxDelayMs`
 * with up to 25% jitter subtracted. This module does no I/O besides sleeping.
 */

import { APIConnectionError, APIStatusError } from "./errors.js";

/** Backoff tuning; every field has a default. Set all to 0 to retry without waiting (tests). */
export interface BackoffOptions {
  /** Delay before the first retry. Default 500 ms. */
  initialDelayMs?: number;
  /** Upper bound of the exponential delay. Default 8 s. */
  maxDelayMs?: number;
  /** Upper bound for a server `retry-after`. Default 60 s. */
  maxRetryAfterMs?: number;
}

const DEFAULTS: Required<BackoffOptions> = { initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

const READ_METHODS = new Set(["GET", "HEAD"]);

/** Whether a failed attempt of `method` that ended in `error` may be sent again (`idempotent`: it carries a key). */
export function isRetryable(method: string, error: unknown, idempotent = false): boolean {
  const safe = idempotent || READ_METHODS.has(method.toUpperCase());
  if (error instanceof APIStatusError) {
    if (error.status === 429 || error.status === 503) {
      return true;
    }
    return error.status >= 500 && error.status !== 501 && safe;
  }
  return error instanceof APIConnectionError && safe;
}

/** Parse a `retry-after` header value (delta seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === "") {
    return null;
  }
  const seconds = Number(value);
  if (Number.isFinite(seconds)) {
    return Math.max(0, seconds * 1000);
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Milliseconds to wait before retry number `attempt` (0-based) after `error`. */
export function retryDelay(attempt: number, error: unknown, options: BackoffOptions = {}): number {
  const opts = { ...DEFAULTS, ...options };
  const headers = error instanceof APIStatusError ? error.headers : undefined;
  const retryAfter = parseRetryAfter(headers?.get("retry-after"));
  if (retryAfter !== null) {
    return Math.min(retryAfter, opts.maxRetryAfterMs);
  }
  const base = Math.min(opts.initialDelayMs * 2 ** attempt, opts.maxDelayMs);
  return base * (1 - 0.25 * Math.random());
}

/** Sleep for `ms`, waking early (rejecting) if `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && !signal?.aborted) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
