import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph, type ImportEdge } from "../../support/import-graph.js";

/**
 * The layering of src/ (docs/design.md, "Layout"), checked on the imports themselves so that it
 * cannot drift. Data flows one way: request → schema → builder → Elasticsearch → presenter.
 *
 *   domain   shapes, ids, pure rules of football and of the API: no I/O
 *   store    the only code that talks to Elasticsearch: readers and writers of documents;
 *            and the connection to Redis, the other store (shared-state/: limits across instances)
 *   search   pure builders of Elasticsearch requests from fully validated input
 *   reading  reading presented fixtures: the cache peek, the versioned reads, the last_fixtures
 *            splice; for every fixture-list route and the stream rounds, below both
 *   http     the HTTP half: app, middleware, routes (schema → builder → reading or store → presenter),
 *            the backtests' parameters and reads (builder → store, for one rule),
 *            and the streams (change feed → standing queries → the same builder and presenter)
 *   writers  what changes the data: the rebuild, the importer, live updates and what
 *            follows them (standings, bet builders)
 */
const SRC = join(import.meta.dirname, "../../../src");

const LAYERS = {
  foundation: ["config.ts", "paths.ts", "logger.ts"],
  domain: ["domain/"],
  store: ["store/", "shared-state/"],
  search: ["search/"],
  reading: ["reading/"],
  http: [
    "app.ts",
    "deps.ts",
    "server.ts",
    "http-server.ts",
    "http/",
    "middleware/",
    "routes/",
    "backtest/",
    "presenters/",
    "openapi/",
    "auth/",
    "rate-limit/",
    "monitoring/",
    "streams/",
  ],
  writers: ["ingest/", "import/", "live/", "standings/", "bet-builders/"],
} as const;
type Layer = keyof typeof LAYERS;

/** What each layer may import; a layer never reaches up or sideways into the other half. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  foundation: ["foundation"],
  domain: ["domain"],
  store: ["foundation", "domain", "store"],
  search: ["domain", "store", "search"],
  reading: ["domain", "store", "search", "reading"],
  http: ["foundation", "domain", "store", "search", "reading", "http"],
  writers: ["foundation", "domain", "store", "search", "writers"],
};

function layerOf(file: string): Layer {
  const found = (Object.keys(LAYERS) as Layer[]).find((layer) => LAYERS[layer].some((prefix) => file === prefix || file.startsWith(prefix)));
  if (!found) throw new Error(`${file} belongs to no layer: add its folder to LAYERS`);
  return found;
}

/** The unit folder cycles are checked between: a top-level folder, or a folder of domain/. */
function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts.length === 1) return file;
  if (parts[0] === "domain" && parts.length > 2) return `domain/${parts[1]}`;
  return parts[0]!;
}

const graph = importGraph(SRC);
const internal = graph.filter((edge) => !edge.external);
const show = (edges: readonly ImportEdge[]): string[] => edges.map((edge) => `${edge.from} -> ${edge.to}`).sort();

/**
 * Calls through an Elasticsearch client: `es.search(`, `this.es.indices.create(`,
 * `client.helpers.bulk(`. Only store/ makes them.
 */
const CLIENT_CALL =
  /\b(?:es|client)\s*\.\s*(?:search|msearch|mget|get|index|create|update|delete|bulk|count|deleteByQuery|updateByQuery|openPointInTime|closePointInTime|indices|cluster|helpers|transport|info|ping|exists)\b\s*[<(.]/;

describe("the layering of src/", () => {
  it("places every file in a layer", () => {
    for (const edge of internal) layerOf(edge.from);
  });

  it("keeps the presenters pure: nothing under presenters/ reads a store (reading/ reads, presenters present)", () => {
    const reaching = internal.filter((edge) => edge.from.startsWith("presenters/") && (edge.to.startsWith("store/") || edge.to.startsWith("shared-state/")));
    expect(show(reaching)).toEqual([]);
  });

  it("imports only downwards: domain ← store ← search ← reading ← http, and writers", () => {
    const upward = internal.filter((edge) => !MAY_IMPORT[layerOf(edge.from)].includes(layerOf(edge.to)));
    expect(show(upward)).toEqual([]);
  });

  it("never imports the rebuild (ingest/) at runtime, and the importer only from the rebuild", () => {
    const ingest = internal.filter((edge) => edge.to.startsWith("ingest/") && !edge.from.startsWith("ingest/"));
    const importer = internal.filter((edge) => edge.to.startsWith("import/") && !edge.from.startsWith("import/") && !edge.from.startsWith("ingest/"));
    expect(show([...ingest, ...importer])).toEqual([]);
  });

  it("has no cycles between folders", () => {
    const folderEdges = internal.map((edge) => [folderOf(edge.from), folderOf(edge.to)] as const);
    expect(cycles(folderEdges)).toEqual([]);
  });

  it("has no cycles between files, type-only imports included (a part that takes its caller's type is a circle a reader walks too)", () => {
    expect(cycles(internal.map((edge) => [edge.from, edge.to] as const))).toEqual([]);
  });

  it("talks to Elasticsearch only in store/", () => {
    const files = [...new Set(graph.map((edge) => edge.from))].filter((file) => !file.startsWith("store/"));
    const calling = files.filter((file) => CLIENT_CALL.test(readFileSync(join(SRC, file), "utf8")));
    expect(calling).toEqual([]);
    const clientImports = graph.filter((edge) => edge.to === "@elastic/elasticsearch" && !edge.from.startsWith("store/") && !edge.typeOnly);
    expect(show(clientImports)).toEqual([]);
  });
});

describe("the import reader", () => {
  it("finds a cycle and only the cycle", () => {
    expect(
      cycles([
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["c", "d"],
      ]),
    ).toEqual([["a", "b", "c"]]);
    expect(cycles([["a", "b"]])).toEqual([]);
  });
});
