/**
 * Public surface of `@mango-ai/sdk` on Node: the browser-safe surface of `browser.ts` (the
 * client, its errors, paging and streaming types and every generated wire type, e.g.
 * `import type { Agent } from "@mango-ai/sdk"`) plus the streaming File and Skill transfers
 * (`uploadFile`, `downloadFile`, ...) and the image and PDF blocks built from local files
 * (`imageBlock`, `pdfBlock`), which use the local file system.
 */

export * from "./browser.js";
export {
  type DownloadOptions,
  type ProgressCallback,
  type UploadOptions,
  type UploadSource,
  DownloadVerificationError,
  createSkillFromPath,
  createSkillVersionFromPath,
  downloadFile,
  downloadSkillVersion,
  uploadFile,
} from "./transfer.js";
export { IMAGE_MAX_BYTES, PDF_MAX_BYTES, imageBlock, pdfBlock, sniffMediaType } from "./media.js";
