import { describe, expect, it } from "vitest";
import { pageWindow } from "../../../src/http/page-params.js";
import { fullPageWindow, hasMore } from "../../../src/search/page-window.js";

describe("pageWindow", () => {
  it("fetches one hit more than the page to tell whether another page has results", () => {
    expect(pageWindow(1, 25)).toEqual({ from: 0, size: 26, moreAt: 26 });
    expect(pageWindow(3, 10)).toEqual({ from: 20, size: 11, moreAt: 11 });
    expect(pageWindow(99, 100)).toEqual({ from: 9800, size: 101, moreAt: 101 });
  });

  it("fetches no extra hit when the next page would reach beyond the first 10,000 results", () => {
    expect(pageWindow(100, 100)).toEqual({ from: 9900, size: 100, moreAt: null });
    // 333 x 30 = 9,990: page 334 would end at 10,020, a 400.
    expect(pageWindow(333, 30)).toEqual({ from: 9960, size: 30, moreAt: null });
    expect(pageWindow(10_000, 1)).toEqual({ from: 9999, size: 1, moreAt: null });
  });

  it("rejects pages beyond the first 10,000 results, saying so", () => {
    expect(() => pageWindow(101, 100)).toThrow(/beyond the first 10,000 results/);
    expect(() => pageWindow(334, 30)).toThrow(/beyond the first 10,000 results/);
    expect(() => pageWindow(10_001, 1)).toThrow(/beyond the first 10,000 results/);
  });
});

describe("hasMore", () => {
  it("is true exactly when the extra hit came back", () => {
    const window = pageWindow(2, 2);
    expect(hasMore(window, 3)).toBe(true);
    expect(hasMore(window, 2)).toBe(false);
    expect(hasMore(window, 0)).toBe(false);
  });

  it("is false on the last page that can be fetched, even if the node answered more hits", () => {
    expect(hasMore(pageWindow(100, 100), 101)).toBe(false);
    expect(hasMore(pageWindow(333, 30), 31)).toBe(false);
    expect(hasMore(pageWindow(332, 30), 31)).toBe(true);
  });
});

describe("fullPageWindow and hasMore on /fixtures/search", () => {
  it("fetches exactly the page", () => {
    expect(fullPageWindow(3, 50)).toMatchObject({ from: 100, size: 50 });
  });

  it("has more whenever the page is full, on the last page that can be fetched too", () => {
    expect(hasMore(fullPageWindow(1, 25), 25)).toBe(true);
    expect(hasMore(fullPageWindow(1, 25), 24)).toBe(false);
    expect(hasMore(fullPageWindow(1, 25), 0)).toBe(false);
    expect(hasMore(fullPageWindow(200, 50), 50)).toBe(true);
  });
});
