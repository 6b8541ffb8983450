/**
 * The one API client of the console, built from the key the user pasted.
 *
 * The key lives in sessionStorage only (gone when the tab closes; never in a URL, a cookie or
 * localStorage) and travels in the Authorization header of every call, streams included.
 * The console calls the API of the origin that served it.
 */

import { APIConnectionError, APIStatusError, Mango } from "@mango-ai/sdk";

const KEY = "mango.apiKey";
let client: Mango | null = null;

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function makeClient(apiKey: string): Mango {
  return new Mango({ baseURL: window.location.origin, apiKey, maxRetries: 2, timeoutMs: 30_000 });
}

export function signIn(apiKey: string): void {
  sessionStorage.setItem(KEY, apiKey);
  client = null;
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
  client = null;
}

/** The signed-in client; throws when there is no key (the router sends the user to sign in). */
export function api(): Mango {
  const key = storedKey();
  if (key === null) {
    throw new Error("not signed in");
  }
  client ??= makeClient(key);
  return client;
}

/** A sentence for any failure of an API call, naming the status and the error type. */
export function describeError(error: unknown): string {
  if (error instanceof APIStatusError) {
    const body = error.body as { error?: { message?: string } } | undefined;
    const type = error.errorType ?? "error";
    const message = body?.error?.message ?? error.message;
    if (error.status === 401) {
      return `The API rejected the key (401 ${type}): ${message}. Check the key and sign in again.`;
    }
    return `The API answered ${error.status} ${type}: ${message}`;
  }
  if (error instanceof APIConnectionError) {
    return `Cannot reach the API: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
