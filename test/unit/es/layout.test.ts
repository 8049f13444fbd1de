import { describe, expect, it } from "vitest";
import { clusterId, parseClusterId, planCluster } from "../../../scripts/es/layout.js";

describe("planCluster", () => {
  it("keeps a single node and a cluster on the same port in different directories", () => {
    const one = planCluster({ port: 9200, nodes: 1, heap: "1g" }, "/n");
    const three = planCluster({ port: 9200, nodes: 3, heap: "512m" }, "/n");
    expect(one.nodes[0]!.dataDir).toBe("/n/single-9200/node-9200/data");
    expect(three.nodes[0]!.dataDir).toBe("/n/cluster3-9200/node-9200/data");
  });

  it("puts HTTP on consecutive ports and transport 100 above each", () => {
    const plan = planCluster({ port: 9200, nodes: 3, heap: "512m" }, "/n");
    expect(plan.nodes.map((n) => [n.httpPort, n.transportPort])).toEqual([
      [9200, 9300],
      [9201, 9301],
      [9202, 9302],
    ]);
    expect(plan.url).toBe("http://127.0.0.1:9200");
  });
});

describe("parseClusterId", () => {
  it("reads back the ids that planCluster writes", () => {
    for (const options of [{ port: 9200, nodes: 1 }, { port: 9202, nodes: 3 }]) {
      expect(parseClusterId(clusterId(options))).toEqual(options);
    }
  });

  it("ignores unrelated directory names", () => {
    expect(parseClusterId("lost+found")).toBeNull();
  });
});
