import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { APIStatusError, NotImplementedError, errorFromEnvelope, makeStatusError } from "../src/errors.js";
import { ERROR_CATALOGUE, ERROR_STATUS } from "../src/generated/errors.js";
import { envelope } from "./helpers.js";

describe("error catalogue", () => {
  const classByStatus = new Map<number, unknown>();

  for (const entry of ERROR_CATALOGUE) {
    test(`${entry.type} maps to the class of ${entry.status}`, () => {
      const body = envelope(entry.type, "m", "req_1");
      const fromEvent = errorFromEnvelope(body);
      const fromResponse = makeStatusError(entry.status, body);
      assert.equal(fromEvent.constructor, fromResponse.constructor);
      assert.notEqual(fromEvent.constructor, APIStatusError, `${entry.type}: no class for status ${entry.status}`);
      assert.equal(fromEvent.status, entry.status);
      assert.equal(fromEvent.errorType, entry.type);
      assert.equal(fromResponse.status, entry.status);
      const seen = classByStatus.get(entry.status) ?? fromEvent.constructor;
      assert.equal(seen, fromEvent.constructor, `status ${entry.status} maps to two classes`);
      classByStatus.set(entry.status, fromEvent.constructor);
    });
  }

  test("each status has its own class", () => {
    const classes = [...classByStatus.values()];
    assert.equal(new Set(classes).size, classes.length);
  });

  test("not_implemented is 501", () => {
    assert.equal(ERROR_STATUS["not_implemented"], 501);
    const error = errorFromEnvelope(envelope("not_implemented", "later", "req_2"));
    assert.ok(error instanceof NotImplementedError);
    assert.equal(error.status, 501);
  });

  test("an unknown or inherited type is a 500", () => {
    assert.equal(errorFromEnvelope(envelope("mystery", "m", "r")).status, 500);
    assert.equal(errorFromEnvelope(envelope("constructor", "m", "r")).status, 500);
  });
});
