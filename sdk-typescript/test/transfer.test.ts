import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, symlink, writeFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, test } from "node:test";
import { crc32, inflateRawSync } from "node:zlib";

import { Mango } from "../src/client.js";
import {
  DownloadVerificationError,
  createSkillFromPath,
  createSkillVersionFromPath,
  downloadFile,
  downloadSkillVersion,
  uploadFile,
} from "../src/transfer.js";
import { zipSkillDirectory } from "../src/zip.js";

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}
type Answer = (req: Received, res: ServerResponse) => void;

const servers: Array<{ close: () => void; closeAllConnections: () => void }> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

async function serve(answer: Answer): Promise<{ client: Mango; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      answer(entry, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const client = new Mango({ baseURL: `http://127.0.0.1:${port}`, apiKey: "k", backoff: { initialDelayMs: 0, maxDelayMs: 0 } });
  return { client, received };
}

const sha = (data: Uint8Array): string => createHash("sha256").update(data).digest("hex");
const send = (res: ServerResponse, body: unknown, status = 200): void => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const fileMeta = (data: Uint8Array, sha256 = sha(data)): Record<string, unknown> => ({
  type: "file", id: "file_1", filename: "f.bin", mime_type: "application/octet-stream",
  size_bytes: data.byteLength, sha256, created_at: "2026-01-01T00:00:00Z",
});
const versionMeta = (data: Uint8Array, sha256 = sha(data)): Record<string, unknown> => ({
  type: "skill_version", id: "skv_1", skill_id: "skill_1", version: "2", name: "n", description: "d",
  directory: "pdf", archive_size_bytes: data.byteLength, archive_sha256: sha256, expanded_size_bytes: 1,
  member_count: 1, created_at: "2026-01-01T00:00:00Z",
});

/** The parts of a multipart body: name -> {filename, type, data}. */
function parts(req: Received): Map<string, { filename: string | undefined; type: string | undefined; data: Buffer }> {
  const boundary = /boundary=(\S+)/.exec(String(req.headers["content-type"]))![1]!;
  const out = new Map<string, { filename: string | undefined; type: string | undefined; data: Buffer }>();
  const body = req.body;
  let at = body.indexOf(`--${boundary}`);
  while (at >= 0) {
    const start = at + boundary.length + 4;
    const next = body.indexOf(`\r\n--${boundary}`, start);
    if (next < 0) {
      break;
    }
    const headEnd = body.indexOf("\r\n\r\n", start);
    const head = body.subarray(start, headEnd).toString();
    const name = /name="([^"]*)"/.exec(head)![1]!;
    out.set(name, {
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      type: /Content-Type: (\S+)/i.exec(head)?.[1],
      data: body.subarray(headEnd + 4, next),
    });
    at = next + 2;
  }
  return out;
}

function checkProgress(calls: Array<[number, number | null]>, total: number): void {
  assert.deepEqual(calls[0], [0, total]);
  assert.deepEqual(calls.at(-1), [total, total]);
  for (let i = 1; i < calls.length; i++) {
    assert.ok(calls[i]![0] >= calls[i - 1]![0], "progress is monotonic");
  }
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "mango-transfer-test-"));
}

test("uploadFile streams a path with content-length and reports progress", async () => {
  const dir = await tempDir();
  const data = randomBytes(300_000);
  await writeFile(join(dir, "big.bin"), data);
  const { client, received } = await serve((_req, res) => send(res, fileMeta(data)));
  const calls: Array<[number, number | null]> = [];
  const file = await uploadFile(client, join(dir, "big.bin"), { onProgress: (d, t) => calls.push([d, t]) });
  assert.equal(file.id, "file_1");
  const req = received[0]!;
  assert.equal(req.headers["content-length"], String(req.body.byteLength));
  assert.equal(req.headers["authorization"], "Bearer k");
  const part = parts(req).get("file")!;
  assert.equal(part.filename, "big.bin");
  assert.equal(part.type, "application/octet-stream");
  assert.ok(part.data.equals(data));
  checkProgress(calls, data.byteLength);
  assert.ok(calls.length > 3, "several chunks");
});

test("the upload body is pulled lazily, one chunk at a time", async () => {
  const dir = await tempDir();
  const data = randomBytes(5 * 65536 + 11);
  await writeFile(join(dir, "lazy.bin"), data);
  const calls: Array<[number, number | null]> = [];
  const seen: number[] = [];
  const fakeFetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    assert.equal((init as { duplex?: string }).duplex, "half");
    for await (const _chunk of init!.body as unknown as AsyncIterable<Uint8Array>) {
      seen.push(calls.length);
    }
    return new Response(JSON.stringify(fileMeta(data)), { status: 200 });
  };
  const client = new Mango({ baseURL: "http://mango.test", apiKey: "k" });
  await uploadFile(client, join(dir, "lazy.bin"), { onProgress: (d, t) => calls.push([d, t]), fetch: fakeFetch as typeof fetch });
  // Each chunk arrived before the progress of the following chunks had been reported.
  assert.deepEqual(seen.slice(1, -1), [...seen.slice(1, -1).keys()].map((i) => i + 1));
  assert.ok(seen.length >= 7);
});

test("a stream source of unknown size is sent chunked", async () => {
  const { client, received } = await serve((_req, res) => send(res, fileMeta(Buffer.from("hello"))));
  const calls: Array<[number, number | null]> = [];
  await uploadFile(client, Readable.from([Buffer.from("hel"), Buffer.from("lo")]), {
    filename: "notes.txt",
    onProgress: (d, t) => calls.push([d, t]),
  });
  const req = received[0]!;
  assert.equal(req.headers["transfer-encoding"], "chunked");
  const part = parts(req).get("file")!;
  assert.equal(part.type, "text/plain");
  assert.equal(part.data.toString(), "hello");
  assert.deepEqual(calls.at(-1), [5, null]);
});

test("a rate-limited path upload is resent whole", async () => {
  const dir = await tempDir();
  await writeFile(join(dir, "r.txt"), "retry me");
  let n = 0;
  const { client, received } = await serve((_req, res) =>
    n++ === 0 ? send(res, { type: "error", error: { type: "rate_limit_error", message: "x" } }, 429) : send(res, fileMeta(Buffer.from("retry me"))),
  );
  await uploadFile(client, join(dir, "r.txt"));
  assert.equal(received.length, 2);
  for (const req of received) {
    assert.equal(parts(req).get("file")!.data.toString(), "retry me");
  }
});

function downloadServer(data: Uint8Array, meta: Record<string, unknown>): Promise<{ client: Mango; received: Received[] }> {
  return serve((req, res) => {
    if (req.path.endsWith("/content")) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(data);
    } else {
      send(res, meta);
    }
  });
}

const leftovers = async (dir: string): Promise<string[]> => (await readdir(dir)).filter((n) => n.endsWith(".part"));

test("downloadFile writes verified bytes through a temporary file", async () => {
  const dir = await tempDir();
  const data = randomBytes(200_000);
  const { client } = await downloadServer(data, fileMeta(data));
  const calls: Array<[number, number | null]> = [];
  const meta = await downloadFile(client, "file_1", join(dir, "out.bin"), { onProgress: (d, t) => calls.push([d, t]) });
  assert.equal(meta.size_bytes, data.byteLength);
  assert.ok((await readFile(join(dir, "out.bin"))).equals(data));
  checkProgress(calls, data.byteLength);
  assert.deepEqual(await leftovers(dir), []);
});

test("downloadFile rejects a checksum or size mismatch and leaves nothing behind", async () => {
  const data = Buffer.from("the data");
  for (const meta of [fileMeta(data, "ab".repeat(32)), fileMeta(Buffer.from("longer than the data")), fileMeta(Buffer.from("short"))]) {
    const dir = await tempDir();
    const { client } = await downloadServer(data, meta);
    await assert.rejects(downloadFile(client, "file_1", join(dir, "out.bin")), DownloadVerificationError);
    assert.deepEqual(await readdir(dir), []);
  }
});

async function skillDir(parent: string): Promise<string> {
  const root = join(parent, "pdf");
  await mkdir(join(root, "scripts"), { recursive: true });
  await writeFile(join(root, "SKILL.md"), "---\nname: pdf-tools\ndescription: d\n---\n");
  await writeFile(join(root, "scripts", "fill.py"), "print('fill')\n");
  return root;
}

/** Read a zip's central directory and inflate every member, checking its CRC-32. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const members = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const [crc, compressed, nameLength, offset] = [16, 20, 28, 42].map((o) =>
      o === 28 ? archive.readUInt16LE(at + o) : archive.readUInt32LE(at + o),
    ) as [number, number, number, number];
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const content = inflateRawSync(archive.subarray(dataStart, dataStart + compressed));
    assert.equal(crc32(content), crc, name);
    members.set(name, content.toString());
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  return members;
}

test("createSkillFromPath zips a directory under one top-level folder", async () => {
  const dir = await tempDir();
  const skill = { type: "skill", id: "skill_1", display_title: "PDF", latest_version: "1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" };
  const { client, received } = await serve((_req, res) => send(res, skill));
  const made = await createSkillFromPath(client, await skillDir(dir), { displayTitle: "PDF" });
  assert.equal(made.id, "skill_1");
  const form = parts(received[0]!);
  assert.equal(received[0]!.path, "/v1/skills");
  assert.equal(form.get("display_title")!.data.toString(), "PDF");
  const file = form.get("file")!;
  assert.equal(file.filename, "pdf.zip");
  assert.equal(file.type, "application/zip");
  assert.deepEqual(unzip(file.data), new Map([
    ["pdf/SKILL.md", "---\nname: pdf-tools\ndescription: d\n---\n"],
    ["pdf/scripts/fill.py", "print('fill')\n"],
  ]));
});

test("zipSkillDirectory refuses links and a missing SKILL.md", async () => {
  const dir = await tempDir();
  const root = await skillDir(dir);
  await assert.rejects(zipSkillDirectory(join(root, "scripts"), join(dir, "a.zip")), /SKILL\.md/);
  await symlink(join(root, "SKILL.md"), join(root, "link"));
  await assert.rejects(zipSkillDirectory(root, join(dir, "b.zip")), /link or special file/);
});

test("skill version upload from a zip and verified download", async () => {
  const dir = await tempDir();
  const archive = Buffer.from("zip bytes");
  await writeFile(join(dir, "given.zip"), archive);
  const { client, received } = await serve((req, res) => {
    if (req.path.endsWith("/content")) {
      res.writeHead(200, { "content-type": "application/zip" });
      res.end(archive);
    } else {
      send(res, versionMeta(archive));
    }
  });
  await createSkillVersionFromPath(client, "skill_1", join(dir, "given.zip"));
  assert.equal(received[0]!.path, "/v1/skills/skill_1/versions");
  assert.ok(parts(received[0]!).get("file")!.data.equals(archive));
  const calls: Array<[number, number | null]> = [];
  const meta = await downloadSkillVersion(client, "skill_1", "2", join(dir, "v2.zip"), { onProgress: (d, t) => calls.push([d, t]) });
  assert.equal(meta.archive_sha256, sha(archive));
  assert.ok((await readFile(join(dir, "v2.zip"))).equals(archive));
  checkProgress(calls, archive.byteLength);

  const bad = await downloadServer(archive, versionMeta(archive, "0".repeat(64)));
  await assert.rejects(downloadSkillVersion(bad.client, "skill_1", "2", join(dir, "bad.zip")), DownloadVerificationError);
  assert.deepEqual(await leftovers(dir), []);
});
