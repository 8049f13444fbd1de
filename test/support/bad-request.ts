import { expect } from "vitest";
import { BadRequestError } from "../../src/http/errors.js";

/** The 400 text a call throws; fails the test when it does not throw a BadRequestError. */
export function badRequest(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).message;
  }
  throw new Error("expected a BadRequestError");
}
