import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/domain/canonical-json.js";

describe("canonicalJson", () => {
  it("gives equal data the same text whatever the order of keys and of set members", () => {
    const a = canonicalJson({ b: 1, a: { y: [2, 1], x: new Set(["odds", "metrics"]) } });
    const b = canonicalJson({ a: { x: new Set(["metrics", "odds"]), y: [2, 1] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"x":["metrics","odds"],"y":[2,1]},"b":1}');
  });

  it("keeps the order of arrays, which can mean something", () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });
});
