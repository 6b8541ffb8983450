/**
 * A minimal streaming zip writer for Skill directories (internal to `transfer.ts`).
 *
 * Each member is deflated straight from disk to the archive with its CRC-32 and sizes written
 * after the data (a data descriptor), so no member is held in memory. Timestamps are fixed
 * (1980-01-01) so the same folder always yields the same bytes. No zip64: archives and members
 * stay under 4 GiB, far above the API's archive limit. Not responsible for validating a Skill
 * beyond refusing links and special files.
 */

import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { lstat, readdir, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { createDeflateRaw, crc32 } from "node:zlib";

import { MangoError } from "./errors.js";

const FLAGS = 0x0808; // bit 3: sizes follow the data; bit 11: UTF-8 names
const DOS_DATE = 0x21; // 1980-01-01

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

class Output {
  offset = 0;
  constructor(readonly stream: WriteStream) {}

  async write(chunk: Uint8Array): Promise<void> {
    this.offset += chunk.byteLength;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((done) => this.stream.once("drain", done));
    }
  }
}

function header(fields: Array<[number, 2 | 4]>): Buffer {
  const buffer = Buffer.alloc(fields.reduce((n, [, width]) => n + width, 0));
  let at = 0;
  for (const [value, width] of fields) {
    at = width === 2 ? buffer.writeUInt16LE(value, at) : buffer.writeUInt32LE(value >>> 0, at);
  }
  return buffer;
}

async function addMember(out: Output, path: string, name: string): Promise<Entry> {
  const entry: Entry = { name: Buffer.from(name, "utf8"), crc: 0, compressed: 0, size: 0, offset: out.offset };
  const local = header([[0x04034b50, 4], [20, 2], [FLAGS, 2], [8, 2], [0, 2], [DOS_DATE, 2],
    [0, 4], [0, 4], [0, 4], [entry.name.length, 2], [0, 2]]);
  await out.write(Buffer.concat([local, entry.name]));
  const source = createReadStream(path);
  const deflate = createDeflateRaw();
  source.on("data", (chunk) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    entry.crc = crc32(bytes, entry.crc);
    entry.size += bytes.byteLength;
  });
  source.on("error", (error) => deflate.destroy(error));
  source.pipe(deflate);
  for await (const chunk of deflate as AsyncIterable<Buffer>) {
    entry.compressed += chunk.byteLength;
    await out.write(chunk);
  }
  await out.write(header([[0x08074b50, 4], [entry.crc, 4], [entry.compressed, 4], [entry.size, 4]]));
  return entry;
}

async function finish(out: Output, entries: Entry[]): Promise<void> {
  const start = out.offset;
  for (const e of entries) {
    const central = header([[0x02014b50, 4], [0x0314, 2], [20, 2], [FLAGS, 2], [8, 2], [0, 2], [DOS_DATE, 2],
      [e.crc, 4], [e.compressed, 4], [e.size, 4], [e.name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2],
      [0o100644 * 0x10000, 4], [e.offset, 4]]);
    await out.write(Buffer.concat([central, e.name]));
  }
  const size = out.offset - start;
  await out.write(header([[0x06054b50, 4], [0, 2], [0, 2], [entries.length, 2], [entries.length, 2],
    [size, 4], [start, 4], [0, 2]]));
}

/** Regular files under `root` (sorted, relative), refusing links and special files. */
async function regularFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of (await readdir(root, { recursive: true })).sort()) {
    const info = await lstat(join(root, entry));
    if (info.isFile()) {
      files.push(entry);
    } else if (!info.isDirectory()) {
      throw new MangoError(`${join(root, entry)} is a link or special file; skill archives hold regular files only`);
    }
  }
  return files;
}

/**
 * Zip `directory` into `archive`, every member under `<directory name>/`.
 *
 * @throws MangoError when `SKILL.md` is missing or the folder holds a link or special file.
 */
export async function zipSkillDirectory(directory: string, archive: string): Promise<void> {
  const root = resolve(directory);
  const skill = await stat(join(root, "SKILL.md")).catch(() => null);
  if (skill === null || !skill.isFile()) {
    throw new MangoError(`${directory} has no SKILL.md`);
  }
  const files = await regularFiles(root);
  const out = new Output(createWriteStream(archive));
  const closed = new Promise<void>((done, fail) => out.stream.on("close", done).on("error", fail));
  try {
    const entries: Entry[] = [];
    for (const file of files) {
      const name = `${basename(root)}/${relative(root, join(root, file)).split(sep).join("/")}`;
      entries.push(await addMember(out, join(root, file), name));
    }
    await finish(out, entries);
  } finally {
    out.stream.end();
    await closed;
  }
}
