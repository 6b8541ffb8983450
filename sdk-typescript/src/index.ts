/**
 * Public surface of `@mango-ai/sdk`: the client, its errors, paging and streaming types, the
 * streaming File and Skill transfers (`uploadFile`, `downloadFile`, ...) and every generated wire type (`import type { Agent } from "@mango-ai/sdk"`).
 */

export { Mango, type ClientOptions, DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "./client.js";
export {
  type APIRequest,
  type HTTPMethod,
  type RequestOptions,
  type Transport,
  type Uploadable,
  HTTPTransport,
  SDK_VERSION,
  encodeQuery,
} from "./core.js";
export {
  MangoError,
  APIError,
  APIStatusError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  PreconditionFailedError,
  RequestTooLargeError,
  RateLimitError,
  InternalServerError,
  NotImplementedError,
  ServiceUnavailableError,
  APIConnectionError,
  APITimeoutError,
} from "./errors.js";
export { Page, PagePromise } from "./pagination.js";
export { type BackoffOptions, isRetryable } from "./retry.js";
export { Stream, type ServerSentEvent, parseSSE } from "./streaming.js";
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
export * from "./generated/types.js";
