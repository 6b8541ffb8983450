/**
 * Streaming transfers of Files and Skill archives between disk and the API, with progress.
 *
 * Uploads ({@link uploadFile}, {@link createSkillFromPath}, {@link createSkillVersionFromPath})
 * build the `multipart/form-data` body as a `ReadableStream` fed from `fs.createReadStream` and
 * send it with `duplex: "half"` (Node 20 fetch), so a file goes from disk to the socket in small
 * pieces; a path source is measured first and the request carries `content-length`. Uploads of a
 * path are retried like other calls (429, 503) by reopening the file; a stream source is sent
 * once. A Skill directory is zipped first (`zip.ts`) into a temporary file, its members under
 * one top-level folder named after the directory.
 *
 * Downloads ({@link downloadFile}, {@link downloadSkillVersion}) read the metadata, stream the
 * body through the client's transport into a temporary file beside the destination while
 * counting and hashing, and rename it into place only when size and SHA-256 match; otherwise the
 * temporary file is removed and a {@link DownloadVerificationError} thrown.
 *
 * Not responsible for request building beyond the multipart framing: authentication and the
 * base URL come from the {@link Mango} client, errors from `errors.ts`, backoff from `retry.ts`.
 */

import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";

import type { Mango } from "./client.js";
import { SDK_VERSION } from "./core.js";
import { APIConnectionError, MangoError, makeStatusError } from "./errors.js";
import type { File, Skill, SkillVersion } from "./generated/types.js";
import { isRetryable, retryDelay, sleep } from "./retry.js";
import { zipSkillDirectory } from "./zip.js";

/** Called with the bytes transferred so far and the total (`null` when unknown). */
export type ProgressCallback = (done: number, total: number | null) => void;

/** Options of the upload helpers. */
export interface UploadOptions {
  /** Called before the first chunk and after every chunk; restarts from zero on a retried attempt. */
  onProgress?: ProgressCallback | undefined;
  /** The recorded file name (default: the path's base name; required for a stream source). */
  filename?: string | undefined;
  /** The recorded media type (default: guessed from the file name). */
  mimeType?: string | undefined;
  /** The size of a stream source, sent as `content-length`; a path is measured. */
  size?: number | undefined;
  /** The `fetch` used for the upload (default: the global one). */
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
}

/** Options of the download helpers. */
export interface DownloadOptions {
  onProgress?: ProgressCallback | undefined;
  signal?: AbortSignal | undefined;
}

/** What an upload reads: a file path, a Node readable or a web stream. */
export type UploadSource = string | Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Downloaded bytes differ from the size or SHA-256 in the API's metadata. */
export class DownloadVerificationError extends MangoError {}

const MIME_TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".json": "application/json",
  ".csv": "text/csv",
  ".html": "text/html",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".zip": "application/zip",
};

function guessMimeType(filename: string): string {
  return MIME_TYPES[extname(filename).toLowerCase()] ?? "application/octet-stream";
}

const quote = (value: string): string => value.replace(/[\\"]/g, "\\$&").replace(/[\r\n]/g, " ");

interface Part {
  open: () => AsyncIterable<Uint8Array>;
  size: number | null;
  filename: string;
  mimeType: string;
  fields: Record<string, string>;
  replayable: boolean;
}

async function partFromSource(source: UploadSource, options: UploadOptions, defaultType?: string): Promise<Part> {
  const common = { fields: {} as Record<string, string> };
  if (typeof source === "string") {
    const filename = options.filename ?? basename(source);
    return {
      ...common,
      open: () => createReadStream(source, { highWaterMark: 64 * 1024 }),
      size: (await stat(source)).size,
      filename,
      mimeType: options.mimeType ?? defaultType ?? guessMimeType(filename),
      replayable: true,
    };
  }
  if (options.filename === undefined) {
    throw new MangoError("uploading a stream needs options.filename");
  }
  return {
    ...common,
    open: () => source as AsyncIterable<Uint8Array>,
    size: options.size ?? null,
    filename: options.filename,
    mimeType: options.mimeType ?? defaultType ?? guessMimeType(options.filename),
    replayable: false,
  };
}

/** The bytes before and after the file's content. */
function framing(part: Part, boundary: string): { head: Uint8Array; tail: Uint8Array } {
  let head = "";
  for (const [name, value] of Object.entries(part.fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(part.filename)}"\r\n`;
  head += `Content-Type: ${part.mimeType}\r\n\r\n`;
  const encoder = new TextEncoder();
  return { head: encoder.encode(head), tail: encoder.encode(`\r\n--${boundary}--\r\n`) };
}

/** The multipart body as a web stream pulling one chunk at a time from the part's source. */
function multipartStream(part: Part, boundary: string, onProgress?: ProgressCallback): ReadableStream<Uint8Array> {
  const { head, tail } = framing(part, boundary);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield head;
    let sent = 0;
    onProgress?.(0, part.size);
    for await (const chunk of part.open()) {
      yield chunk;
      sent += chunk.byteLength;
      onProgress?.(sent, part.size);
    }
    if (part.size !== null && sent !== part.size) {
      throw new MangoError(`the upload source changed while sending: expected ${part.size} bytes, read ${sent}`);
    }
    yield tail;
  }
  const iterator = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

function multipartLength(part: Part, boundary: string): number | null {
  const { head, tail } = framing(part, boundary);
  return part.size === null ? null : head.byteLength + part.size + tail.byteLength;
}

async function sendMultipart<T>(client: Mango, path: string, part: Part, options: UploadOptions): Promise<T> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${client.baseURL.replace(/\/+$/, "")}${path}`;
  for (let attempt = 0; ; attempt++) {
    const boundary = randomBytes(16).toString("hex");
    const headers = new Headers({
      "user-agent": `mango-typescript/${SDK_VERSION}`,
      accept: "application/json",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    const length = multipartLength(part, boundary);
    if (length !== null) {
      headers.set("content-length", String(length));
    }
    if (client.apiKey) {
      headers.set("authorization", `Bearer ${client.apiKey}`);
    }
    const init = { method: "POST", headers, body: multipartStream(part, boundary, options.onProgress), duplex: "half" };
    try {
      let response: Response;
      try {
        response = await fetchImpl(url, { ...init, signal: options.signal } as RequestInit);
      } catch (error) {
        if (options.signal?.aborted || error instanceof MangoError) {
          throw error;
        }
        throw new APIConnectionError(`Connection error: ${String(error)}`, { cause: error });
      }
      const text = await response.text();
      const body: unknown = text === "" ? undefined : parseJSON(text);
      if (!response.ok) {
        throw makeStatusError(response.status, body, response.headers);
      }
      return body as T;
    } catch (error) {
      if (!part.replayable || attempt >= client.maxRetries || !isRetryable("POST", error)) {
        throw error;
      }
      await sleep(retryDelay(attempt, error), options.signal);
    }
  }
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Upload a File, streamed from a path (sent with `content-length`) or a stream.
 *
 * @example
 * const file = await uploadFile(client, "notes.txt", { onProgress: (done, total) => console.log(done, total) });
 */
export async function uploadFile(client: Mango, source: UploadSource, options: UploadOptions = {}): Promise<File> {
  return sendMultipart<File>(client, "/v1/files", await partFromSource(source, options), options);
}

/** Create a Skill from a `.zip` or a directory holding `SKILL.md` (zipped under its own name). */
export async function createSkillFromPath(
  client: Mango,
  path: string,
  options: UploadOptions & { displayTitle?: string | undefined } = {},
): Promise<Skill> {
  return withSkillArchive(path, options, async (part) => {
    if (options.displayTitle !== undefined) {
      part.fields["display_title"] = options.displayTitle;
    }
    return sendMultipart<Skill>(client, "/v1/skills", part, options);
  });
}

/** Add a version to a Skill from a `.zip` or a Skill directory. */
export async function createSkillVersionFromPath(
  client: Mango,
  skillId: string,
  path: string,
  options: UploadOptions = {},
): Promise<SkillVersion> {
  return withSkillArchive(path, options, (part) =>
    sendMultipart<SkillVersion>(client, `/v1/skills/${encodeURIComponent(skillId)}/versions`, part, options),
  );
}

async function withSkillArchive<T>(path: string, options: UploadOptions, send: (part: Part) => Promise<T>): Promise<T> {
  if (!(await stat(path)).isDirectory()) {
    return send(await partFromSource(path, options, "application/zip"));
  }
  const folder = await mkdtemp(join(tmpdir(), "mango-skill-"));
  try {
    const archive = join(folder, `${basename(path)}.zip`);
    await zipSkillDirectory(path, archive);
    return await send(await partFromSource(archive, options, "application/zip"));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function saveVerified(
  response: Response,
  path: string,
  size: number,
  sha256: string | null,
  onProgress?: ProgressCallback,
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.part`);
  const out = createWriteStream(temp, { mode: 0o644 });
  const hash = createHash("sha256");
  let done = 0;
  try {
    onProgress?.(0, size);
    for await (const chunk of (response.body ?? new ReadableStream<Uint8Array>()) as unknown as AsyncIterable<Uint8Array>) {
      done += chunk.byteLength;
      if (done > size) {
        throw new DownloadVerificationError(`received more than the expected ${size} bytes`);
      }
      hash.update(chunk);
      if (!out.write(chunk)) {
        await new Promise<void>((resolve) => out.once("drain", resolve));
      }
      onProgress?.(done, size);
    }
    out.end();
    await finished(out);
    if (done !== size) {
      throw new DownloadVerificationError(`received ${done} bytes, expected ${size}`);
    }
    const digest = hash.digest("hex");
    if (sha256 && digest !== sha256.toLowerCase()) {
      throw new DownloadVerificationError(`sha256 ${digest} does not match the expected ${sha256}`);
    }
    await chmod(temp, 0o644);
    await rename(temp, path);
  } catch (error) {
    // The stream opens its file asynchronously: wait until it is closed, or the file could appear after rm.
    if (!out.closed) {
      const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
      out.destroy();
      await closed;
    }
    await rm(temp, { force: true });
    throw error;
  }
}

/** Stream a File's bytes to `path`, verified against its `size_bytes` and `sha256`; returns its metadata. */
export async function downloadFile(client: Mango, fileId: string, path: string, options: DownloadOptions = {}): Promise<File> {
  const meta = await client.files.get(fileId, { signal: options.signal });
  const response = await client.files.content(fileId, { signal: options.signal });
  await saveVerified(response, path, meta.size_bytes, meta.sha256 || null, options.onProgress);
  return meta;
}

/** Stream a Skill version's archive to `path`, verified against `archive_size_bytes` and `archive_sha256`. */
export async function downloadSkillVersion(
  client: Mango,
  skillId: string,
  version: string,
  path: string,
  options: DownloadOptions = {},
): Promise<SkillVersion> {
  const meta = await client.skills.versions.get(skillId, version, { signal: options.signal });
  const response = await client.skills.versions.content(skillId, meta.version, { signal: options.signal });
  await saveVerified(response, path, meta.archive_size_bytes, meta.archive_sha256 || null, options.onProgress);
  return meta;
}
