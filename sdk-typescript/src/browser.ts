/**
 * Browser entry of `@mango-ai/sdk`: everything in the package except the streaming File and
 * Skill transfers of `transfer.ts`, which read and write the local file system through Node's
 * modules. Bundlers pick it through the package's `browser` export condition; in a browser,
 * upload a `Blob`/`File` with `client.files.upload({file})` and read `client.files.content(id)`.
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
  MethodNotAllowedError,
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
export * from "./generated/types.js";
