import { describe, expect, it } from "vitest";
import { checkPageDepth, PAGE_DEPTH_MESSAGE } from "../../../src/http/page-params.js";

describe("checkPageDepth", () => {
  it("allows page x per_page up to 10,000 and rejects one result more", () => {
    expect(() => checkPageDepth(200, 50)).not.toThrow();
    expect(() => checkPageDepth(1, 10_000)).not.toThrow();
    expect(() => checkPageDepth(201, 50)).toThrow(PAGE_DEPTH_MESSAGE);
    expect(PAGE_DEPTH_MESSAGE).toBe(
      "page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most 10000; narrow the search instead",
    );
  });
});
