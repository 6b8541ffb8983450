import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { imageBlock, pdfBlock, sniffMediaType } from "../src/media.js";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 "), Buffer.alloc(8)]);
const PDF = Buffer.from("%PDF-1.7\n%%EOF\n");

async function file(name: string, data: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "mango-media-"));
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

test("an image block takes its type from the bytes, not the name", async () => {
  assert.deepEqual(await imageBlock(await file("photo.jpg", PNG)), {
    type: "image",
    source: { type: "base64", media_type: "image/png", data: PNG.toString("base64") },
  });
  const webp = await imageBlock(await file("x.bin", WEBP));
  assert.equal(webp.source.type === "base64" ? webp.source.media_type : null, "image/webp");
});

test("an image block refuses other bytes and files over the limit", async () => {
  await assert.rejects(imageBlock(await file("notes.png", Buffer.from("hello"))), /not a PNG, JPEG, GIF or WebP image/);
  await assert.rejects(imageBlock(await file("doc.png", PDF)), /not a PNG/);
  await assert.rejects(imageBlock(await file("big.png", PNG), { maxBytes: 10 }), /more than 10/);
});

test("a PDF block carries its title and context and refuses non-PDF bytes", async () => {
  const path = await file("report", PDF);
  assert.deepEqual(await pdfBlock(path, { title: "Q3", context: "the quarterly report" }), {
    type: "document",
    source: { type: "base64", media_type: "application/pdf", data: PDF.toString("base64") },
    title: "Q3",
    context: "the quarterly report",
  });
  assert.equal("title" in (await pdfBlock(path)), false);
  await assert.rejects(pdfBlock(await file("image.pdf", PNG)), /not a PDF/);
});

test("sniffMediaType names the four image types and PDF only", () => {
  assert.equal(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xdb])), "image/jpeg");
  assert.equal(sniffMediaType(Buffer.from("GIF87a..")), "image/gif");
  assert.equal(sniffMediaType(Buffer.from("RIFF0000WAVE")), null);
  assert.equal(sniffMediaType(new Uint8Array()), null);
});
