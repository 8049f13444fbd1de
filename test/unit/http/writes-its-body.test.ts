import { describe, expect, it } from "vitest";
import { writesItsBody } from "../../../src/middleware/compression.js";

describe("writesItsBody (the parts writer's share of Koa's respond)", () => {
  it("writes a body only for a request with one, to a client still there, as Koa would", () => {
    expect(writesItsBody({ method: "GET", status: 200, writable: true })).toBe(true);
    expect(writesItsBody({ method: "HEAD", status: 200, writable: true })).toBe(false);
    for (const status of [204, 205, 304]) expect(writesItsBody({ method: "GET", status, writable: true }), String(status)).toBe(false);
    expect(writesItsBody({ method: "GET", status: 200, writable: false })).toBe(false);
  });
});
