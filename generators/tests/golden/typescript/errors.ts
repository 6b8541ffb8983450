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
    description: "The request is malformed.",
  },
  {
    type: "not_found_error",
    status: 404,
    description: "No such \"note\" in this Workspace.",
  },
  {
    type: "not_implemented",
    status: 501,
    description: "The server does not implement this operation.",
  },
];

/** The HTTP status of each catalogued `error.type`. */
export const ERROR_STATUS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(ERROR_CATALOGUE.map((entry) => [entry.type, entry.status])),
);
