import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "../../support/import-graph.js";

describe("scripts/es modules", () => {
  it("import each other without cycles (node-process owns the node's processes and imports no file handling)", () => {
    const edges = importGraph(join(import.meta.dirname, "../../../scripts/es")).filter((edge) => !edge.external);
    expect(cycles(edges.map((edge) => [edge.from, edge.to] as const))).toEqual([]);
  });
});
