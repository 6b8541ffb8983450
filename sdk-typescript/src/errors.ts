/**
 * Errors raised by the Mango client.
 *
 * ```
 * MangoError                      anything the SDK raises on purpose
 * ├── APIError                    something went wrong talking to the API
 * │   ├── APIStatusError          the API answered 4xx/5xx (status, body, requestId, errorType)
 * │   │   ├── BadRequestError            400 invalid_request_error
 * │   │   ├── AuthenticationError        401 authentication_error
 * │   │   ├── PermissionDeniedError      403 permission_error
 * │   │   ├── NotFoundError              404 not_found_error
 * │   │   ├── MethodNotAllowedError      405 method_not_allowed
 * │   │   ├── ConflictError              409 conflict_error (and the memory_* conflicts)
 * │   │   ├── PreconditionFailedError    412 precondition_failed
 * │   │   ├── RequestTooLargeError       413 request_too_large
 * │   │   ├── RateLimitError             429 rate_limit_error
 * │   │   ├── InternalServerError        500 api_error
 * │   │   ├── NotImplementedError        501 not_implemented
 * │   │   └── ServiceUnavailableError    503 overloaded
 * │   └── APIConnectionError      no usable response (DNS, refused, reset, dropped stream)
 * │       └── APITimeoutError     the request exceeded its timeout
 * ```
 *
 * Status errors are built once, by {@link makeStatusError}, from the response status and the
 * error envelope `{"type":"error","error":{"type","message"},"request_id"}`; SSE `error`
 * events go through {@link errorFromEnvelope}, which has no status to go by: it looks the
 * `error.type` up in the spec's error catalogue (`generated/errors.ts`, from
 * `x-mango-error-catalogue`; an unknown type counts as a 500). A test walks the catalogue, so
 * every catalogued type reaches the class of its status. This module does not decide what is
 * retried (see `retry.ts`).
 */

import { ERROR_STATUS } from "./generated/errors.js";

/** Base class of every error the SDK raises on purpose. */
export class MangoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Something went wrong while talking to the API. */
export class APIError extends MangoError {}

/** Fields carried by every {@link APIStatusError}. */
export interface APIStatusErrorInit {
  status: number;
  body: unknown;
  requestId: string | null;
  errorType: string | null;
  message: string;
  headers?: Headers | undefined;
}

/** The API answered with a 4xx/5xx status (or an SSE `error` event). */
export class APIStatusError extends APIError {
  /** HTTP status (for stream `error` events: the status the error type maps to). */
  readonly status: number;
  /** The decoded response body (the error envelope), or its text when it was not JSON. */
  readonly body: unknown;
  /** The `request-id` response header, else the envelope's `request_id`. */
  readonly requestId: string | null;
  /** The envelope's `error.type` (`not_found_error`, `overloaded`, ...). */
  readonly errorType: string | null;
  /** Response headers, when the error came from an HTTP response. */
  readonly headers: Headers | undefined;

  constructor(init: APIStatusErrorInit) {
    super(init.message);
    this.status = init.status;
    this.body = init.body;
    this.requestId = init.requestId;
    this.errorType = init.errorType;
    this.headers = init.headers;
  }
}

export class BadRequestError extends APIStatusError {}
export class AuthenticationError extends APIStatusError {}
export class PermissionDeniedError extends APIStatusError {}
export class NotFoundError extends APIStatusError {}
/** The path does not take the request's method (405); the `allow` header lists the ones it does. */
export class MethodNotAllowedError extends APIStatusError {}
export class ConflictError extends APIStatusError {}
export class PreconditionFailedError extends APIStatusError {}
export class RequestTooLargeError extends APIStatusError {}
export class RateLimitError extends APIStatusError {}
export class InternalServerError extends APIStatusError {}
export class NotImplementedError extends APIStatusError {}
export class ServiceUnavailableError extends APIStatusError {}

/** No usable response: the connection failed, was reset or dropped mid-body. */
export class APIConnectionError extends APIError {
  constructor(message = "Connection error.", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The request did not complete within its timeout. */
export class APITimeoutError extends APIConnectionError {
  constructor(message = "Request timed out.", options?: { cause?: unknown }) {
    super(message, options);
  }
}

type StatusErrorClass = new (init: APIStatusErrorInit) => APIStatusError;

const STATUS_CLASSES: ReadonlyMap<number, StatusErrorClass> = new Map<number, StatusErrorClass>([
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [405, MethodNotAllowedError],
  [409, ConflictError],
  [412, PreconditionFailedError],
  [413, RequestTooLargeError],
  [429, RateLimitError],
  [500, InternalServerError],
  [501, NotImplementedError],
  [503, ServiceUnavailableError],
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function envelopeFields(body: unknown): { type: string | null; message: string | null; requestId: string | null } {
  if (!isRecord(body)) {
    return { type: null, message: null, requestId: null };
  }
  const error = isRecord(body["error"]) ? body["error"] : {};
  const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
  return { type: str(error["type"]), message: str(error["message"]), requestId: str(body["request_id"]) };
}

/** Build the status error for `status` from a decoded (or textual) response body. */
export function makeStatusError(
  status: number,
  body: unknown,
  headers?: Headers,
): APIStatusError {
  const fields = envelopeFields(body);
  const requestId = headers?.get("request-id") ?? fields.requestId;
  const detail = fields.message ?? (typeof body === "string" && body ? body : "no error message");
  const kind = fields.type ? ` ${fields.type}` : "";
  const init: APIStatusErrorInit = {
    status,
    body,
    requestId,
    errorType: fields.type,
    message: `${status}${kind}: ${detail}${requestId ? ` (request ${requestId})` : ""}`,
    headers,
  };
  const cls = STATUS_CLASSES.get(status) ?? APIStatusError;
  return new cls(init);
}

/** Build the status error an SSE `error` event (carrying the envelope) stands for. */
export function errorFromEnvelope(envelope: unknown): APIStatusError {
  const { type } = envelopeFields(envelope);
  const status = type !== null && Object.hasOwn(ERROR_STATUS, type) ? ERROR_STATUS[type] : 500;
  return makeStatusError(status, envelope);
}
