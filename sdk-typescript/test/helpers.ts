/** Shared test support: a local HTTP server on 127.0.0.1 that records requests. */

import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { HTTPTransport, type TransportConfig } from "../src/core.js";

export interface Recorded {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Handler = (req: Recorded, res: ServerResponse, index: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Start a server answering every request with `handler` (called with the request's index). */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: Recorded = {
        method: req.method ?? "",
        url: new URL(req.url ?? "/", "http://127.0.0.1"),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res, requests.length - 1)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answer with a JSON body. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** The error envelope the API answers with. */
export function envelope(type: string, message: string, requestId: string): unknown {
  return { type: "error", error: { type, message }, request_id: requestId };
}

/** A transport against `baseURL` with instant backoff. */
export function transport(baseURL: string, overrides: Partial<TransportConfig> = {}): HTTPTransport {
  return new HTTPTransport({
    baseURL,
    apiKey: "mango-test-key",
    maxRetries: 2,
    timeoutMs: 5_000,
    fetch: globalThis.fetch.bind(globalThis),
    backoff: { initialDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    ...overrides,
  });
}
