import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "../../support/import-graph.js";

const SCRIPTS = join(import.meta.dirname, "../../../scripts");

/** A file's folder under scripts/ at the top level ("load", "bench", "lib"; "." for scripts/ itself). */
const folderOf = (file: string): string => (file.includes("/") ? file.slice(0, file.indexOf("/")) : ".");

describe("scripts/es modules", () => {
  it("import each other without cycles (node-process owns the node's processes and imports no file handling)", () => {
    const edges = importGraph(join(SCRIPTS, "es")).filter((edge) => !edge.external);
    expect(cycles(edges.map((edge) => [edge.from, edge.to] as const))).toEqual([]);
  });
});

describe("scripts/ modules", () => {
  // Files of scripts/ only: an import of src/ leaves the tree and cannot close a circle back into it.
  const edges = importGraph(SCRIPTS).filter((edge) => !edge.external && !edge.to.startsWith(".."));

  it("import each other without cycles, type-only imports included", () => {
    expect(cycles(edges.map((edge) => [edge.from, edge.to] as const))).toEqual([]);
  });

  it("form no circle between folders (load/ and bench/ share through lib/, never each other both ways)", () => {
    const folders = edges.map((edge) => [folderOf(edge.from), folderOf(edge.to)] as const);
    expect(cycles(folders)).toEqual([]);
  });

  it("keep lib/ at the bottom: it imports nothing of scripts/ but lib/, runtime/ and es/ (provisioning)", () => {
    const outward = edges.filter((edge) => folderOf(edge.from) === "lib" && !["lib", "runtime", "es"].includes(folderOf(edge.to)));
    expect(outward.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });
});
