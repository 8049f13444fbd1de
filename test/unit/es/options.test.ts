import { describe, expect, it } from "vitest";
import { resolveEsOptions } from "../../../scripts/es/options.js";

describe("resolveEsOptions", () => {
  it("defaults to one node on 9200 with a 1g heap", () => {
    expect(resolveEsOptions({}, {})).toEqual({ port: 9200, nodes: 1, heap: "1g" });
  });

  it("gives each node of a multi-node cluster 512m by default", () => {
    expect(resolveEsOptions({ nodes: 3 }, {})).toEqual({ port: 9200, nodes: 3, heap: "512m" });
  });

  it("takes the port and heap from ES_PORT and ES_HEAP", () => {
    expect(resolveEsOptions({}, { ES_PORT: "9250", ES_HEAP: "2G" })).toEqual({ port: 9250, nodes: 1, heap: "2g" });
  });

  it("lets explicit options win over the environment", () => {
    expect(resolveEsOptions({ port: 9300, heap: "768m" }, { ES_PORT: "9250", ES_HEAP: "2g" })).toMatchObject({ port: 9300, heap: "768m" });
  });

  it("names the environment variable when it is invalid", () => {
    expect(() => resolveEsOptions({}, { ES_PORT: "abc" })).toThrow(/ES_PORT/);
    expect(() => resolveEsOptions({}, { ES_HEAP: "lots" })).toThrow(/ES_HEAP/);
  });

  it("rejects a port whose transport ports would not fit below 65536", () => {
    expect(() => resolveEsOptions({ port: 65500, nodes: 1 }, {})).toThrow(/no room/);
  });
});
