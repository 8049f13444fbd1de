import { describe, expect, it } from "vitest";
import { planCluster } from "../../../scripts/es/layout.js";
import { renderElasticsearchYml, renderHeapOptions } from "../../../scripts/es/node-config.js";

const single = planCluster({ port: 9200, nodes: 1, heap: "1g" }, "/var/lib/sfd/nodes");
const triple = planCluster({ port: 9202, nodes: 3, heap: "512m" }, "/var/lib/sfd/nodes");

function settings(yml: string): Record<string, unknown> {
  const entries = yml
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const at = line.indexOf(": ");
      return [line.slice(0, at), JSON.parse(line.slice(at + 2)) as unknown] as const;
    });
  return Object.fromEntries(entries);
}

describe("renderElasticsearchYml", () => {
  it("configures a single node on loopback with security off and its own data and log paths", () => {
    const node = single.nodes[0]!;
    expect(settings(renderElasticsearchYml(single, node, true))).toEqual({
      "cluster.name": "sfd-local",
      "node.name": "node-9200",
      "network.host": "127.0.0.1",
      "http.port": 9200,
      "transport.port": 9300,
      "path.data": "/var/lib/sfd/nodes/single-9200/node-9200/data",
      "path.logs": "/var/lib/sfd/nodes/single-9200/node-9200/logs",
      "xpack.security.enabled": false,
      "cluster.routing.allocation.disk.threshold_enabled": false,
      "action.destructive_requires_name": true,
      "discovery.type": "single-node",
    });
  });

  it("gives cluster nodes consecutive ports, seed hosts and the initial masters on first start", () => {
    const node = triple.nodes[1]!;
    const rendered = settings(renderElasticsearchYml(triple, node, true));
    expect(rendered).toMatchObject({
      "node.name": "node-9203",
      "http.port": 9203,
      "transport.port": 9303,
      "discovery.seed_hosts": ["127.0.0.1:9302", "127.0.0.1:9303", "127.0.0.1:9304"],
      "cluster.initial_master_nodes": ["node-9202", "node-9203", "node-9204"],
    });
    expect(rendered).not.toHaveProperty("discovery.type");
  });

  it("drops cluster.initial_master_nodes once the cluster has bootstrapped", () => {
    const rendered = settings(renderElasticsearchYml(triple, triple.nodes[0]!, false));
    expect(rendered).not.toHaveProperty("cluster.initial_master_nodes");
    expect(rendered).toHaveProperty("discovery.seed_hosts");
  });

  it("quotes paths so spaces and colons stay valid YAML", () => {
    const odd = planCluster({ port: 9200, nodes: 1, heap: "1g" }, "/home/a b/c: d");
    expect(renderElasticsearchYml(odd, odd.nodes[0]!, true)).toContain('path.data: "/home/a b/c: d/single-9200/node-9200/data"');
  });
});

describe("renderHeapOptions", () => {
  it("pins the minimum and maximum heap to the same size", () => {
    expect(renderHeapOptions("512m")).toBe("-Xms512m\n-Xmx512m\n");
  });
});
