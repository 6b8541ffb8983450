/**
 * Image and PDF content blocks from local files, for `client.sessions.events.send`.
 *
 * {@link imageBlock} and {@link pdfBlock} read a file and return the block a `user.message` (or a
 * `user.custom_tool_result`) carries, inline as base64. The media type comes from the file's bytes
 * (their signature), never from its name, so the block passes the server's content check; a file
 * that is not a PNG, JPEG, GIF or WebP image (or not a PDF) is refused here with an error rather
 * than a 400 later. `maxBytes` refuses a larger file before it is read (the server's defaults:
 * 5 MiB per image, 32 MiB per PDF; an operator may lower them).
 *
 * Not responsible for uploading Files: name an uploaded File with
 * `{ type: "image", source: { type: "file", file_id } }`.
 */

import { readFile, stat } from "node:fs/promises";

import type { DocumentBlock, ImageBlock } from "./generated/types.js";

/** The server's default limit on one image's bytes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The server's default limit on one PDF's bytes. */
export const PDF_MAX_BYTES = 32 * 1024 * 1024;

type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

function startsWith(data: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return data.length >= offset + prefix.length && prefix.every((byte, i) => data[offset + i] === byte);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The media type the bytes' signature names, or `null` for anything but the four image types and PDF. */
export function sniffMediaType(data: Uint8Array): ImageMediaType | "application/pdf" | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(data, ascii("GIF87a")) || startsWith(data, ascii("GIF89a"))) return "image/gif";
  if (startsWith(data, ascii("RIFF")) && startsWith(data, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(data, ascii("%PDF-"))) return "application/pdf";
  return null;
}

async function readBounded(path: string, maxBytes: number): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > maxBytes) throw new RangeError(`${path}: ${size} bytes is more than ${maxBytes}`);
  return readFile(path);
}

/** An `image` block with the file's bytes inline; throws unless the bytes are a PNG, JPEG, GIF or WebP image. */
export async function imageBlock(path: string, options: { maxBytes?: number } = {}): Promise<ImageBlock> {
  const data = await readBounded(path, options.maxBytes ?? IMAGE_MAX_BYTES);
  const mediaType = sniffMediaType(data);
  if (mediaType === null || mediaType === "application/pdf") {
    throw new TypeError(`${path}: not a PNG, JPEG, GIF or WebP image (judged by its bytes)`);
  }
  return { type: "image", source: { type: "base64", media_type: mediaType, data: data.toString("base64") } };
}

/** A PDF `document` block with the file's bytes inline; throws unless the bytes begin with `%PDF-`. */
export async function pdfBlock(
  path: string,
  options: { title?: string; context?: string; maxBytes?: number } = {},
): Promise<DocumentBlock> {
  const data = await readBounded(path, options.maxBytes ?? PDF_MAX_BYTES);
  if (sniffMediaType(data) !== "application/pdf") {
    throw new TypeError(`${path}: not a PDF (its bytes do not begin with %PDF-)`);
  }
  const block: DocumentBlock = {
    type: "document",
    source: { type: "base64", media_type: "application/pdf", data: data.toString("base64") },
  };
  if (options.title !== undefined) block.title = options.title;
  if (options.context !== undefined) block.context = options.context;
  return block;
}
