import { describe, expect, it } from "vitest";
import { parseIndexReplicas } from "../../../src/config.js";
import { loadedHealth, replicaSettings } from "../../../src/store/replicas.js";

describe("parseIndexReplicas", () => {
  it("reads auto and a single-digit count, and nothing else", () => {
    expect(parseIndexReplicas("auto")).toBe("auto");
    expect(parseIndexReplicas("0")).toBe(0);
    expect(parseIndexReplicas("2")).toBe(2);
    for (const bad of ["", "AUTO", "-1", "1.5", "10", " 1", "0-1"]) expect(parseIndexReplicas(bad)).toBeNull();
  });
});

describe("replicaSettings", () => {
  it("follows the data nodes under auto", () => {
    expect(replicaSettings("auto")).toEqual({ auto_expand_replicas: "0-1" });
  });

  it("pins a count and switches auto-expansion off, which the index definitions turn on", () => {
    expect(replicaSettings(2)).toEqual({ number_of_replicas: 2, auto_expand_replicas: false });
  });
});

describe("loadedHealth", () => {
  it("waits for every copy under auto, for the primaries when a count is pinned", () => {
    expect(loadedHealth("auto")).toBe("green");
    expect(loadedHealth(1)).toBe("yellow");
  });
});
