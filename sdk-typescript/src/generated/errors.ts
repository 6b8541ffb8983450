// This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.

// The error catalogue of the Mango API: every `error.type` with its HTTP status.

/** One catalogued `error.type`. */
export interface ErrorTypeEntry {
  /** The stable `error.type` of the envelope. */
  readonly type: string;
  /** The HTTP status the API answers it with. */
  readonly status: number;
  /** What it means, in one sentence. */
  readonly description: string;
}

/** Every catalogued error type, in spec order. */
export const ERROR_CATALOGUE: readonly ErrorTypeEntry[] = [
  {
    type: "invalid_request_error",
    status: 400,
    description: "The request is malformed or breaks a documented rule or bound.",
  },
  {
    type: "authentication_error",
    status: 401,
    description: "No valid bearer credential was presented (missing, unknown, revoked or rotated).",
  },
  {
    type: "permission_error",
    status: 403,
    description: "The credential is valid but may not perform this operation.",
  },
  {
    type: "not_found_error",
    status: 404,
    description: "The resource does not exist in the caller's Workspace.",
  },
  {
    type: "not_supported",
    status: 404,
    description: "The route belongs to the reference managed-agents API but Mango leaves it out on purpose (`x-mango-omitted.routes`); the message says why.",
  },
  {
    type: "method_not_allowed",
    status: 405,
    description: "The path exists but does not take this HTTP method; the `Allow` header lists the methods it takes.",
  },
  {
    type: "conflict_error",
    status: 409,
    description: "The request conflicts with the resource's current state.",
  },
  {
    type: "memory_path_conflict_error",
    status: 409,
    description: "The memory path is already occupied by another live memory of the store.",
  },
  {
    type: "memory_precondition_failed_error",
    status: 409,
    description: "The memory's current content does not have the expected SHA-256.",
  },
  {
    type: "precondition_failed",
    status: 412,
    description: "A conditional request's precondition no longer holds.",
  },
  {
    type: "request_too_large",
    status: 413,
    description: "The request body exceeds a configured bound.",
  },
  {
    type: "rate_limit_error",
    status: 429,
    description: "Too many requests; the request was not processed.",
  },
  {
    type: "api_error",
    status: 500,
    description: "An unexpected server error; the request may or may not have taken effect.",
  },
  {
    type: "not_implemented",
    status: 501,
    description: "The operation is in the contract but this server does not implement it.",
  },
  {
    type: "overloaded",
    status: 503,
    description: "A dependency is unavailable; the request was not processed and may be retried later.",
  },
];

/** The HTTP status of each catalogued `error.type`. */
export const ERROR_STATUS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(ERROR_CATALOGUE.map((entry) => [entry.type, entry.status])),
);
