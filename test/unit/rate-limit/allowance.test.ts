import { describe, expect, it } from "vitest";
import { allowanceOf } from "../../../src/rate-limit/token-bucket.js";
import { redactedUrl } from "../../../src/shared-state/shared-state.js";

describe("allowanceOf (the RateLimit-* figures of a local or a shared bucket)", () => {
  const policy = { perSecond: 2, burst: 4 };

  it("tells the whole units left and when the bucket is full again", () => {
    expect(allowanceOf(true, 2.5, policy)).toEqual({ allowed: true, limit: 4, remaining: 2, resetSeconds: 1, retryAfterSeconds: 0, tokens: 2.5, perSecond: 2 });
  });

  it("tells a refused request when the units it needs are back", () => {
    expect(allowanceOf(false, 0.2, policy)).toEqual({ allowed: false, limit: 4, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1, tokens: 0.2, perSecond: 2 });
    expect(allowanceOf(false, 0, { perSecond: 0.1, burst: 1 }).retryAfterSeconds).toBe(10);
    expect(allowanceOf(false, 0.5, policy, 4).retryAfterSeconds).toBe(2);
  });

  it("tells a key in debt no units left, and the wait until its bucket is full", () => {
    expect(allowanceOf(true, -6, policy)).toMatchObject({ remaining: 0, resetSeconds: 5 });
  });
});

describe("redactedUrl", () => {
  it("never logs Redis's password", () => {
    expect(redactedUrl("redis://user:secret@cache:6379/0")).toBe("redis://user:***@cache:6379/0");
    expect(redactedUrl("redis://cache:6379")).toBe("redis://cache:6379");
    expect(redactedUrl("not a url")).toBe("(unparsable URL)");
  });
});
