import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { estypes } from "@elastic/elasticsearch";
import { INDICES_DIR } from "../paths.js";
import type { LogicalIndex } from "./index-names.js";

export type IndexDefinition = {
  settings: estypes.IndicesIndexSettings;
  mappings: estypes.MappingTypeMapping;
};

const cache = new Map<LogicalIndex, IndexDefinition>();

/**
 * Settings and mappings from `indices/<name>.json`, the single source of truth for each index.
 * History has no file of its own: it holds the live part's documents once settled, so it is
 * the live part's definition plus `moved_in` (`historyDefinition`).
 */
export function indexDefinition(name: LogicalIndex): IndexDefinition {
  let definition = cache.get(name);
  if (!definition) {
    definition = name === "fixtures_history" ? historyDefinition(indexDefinition("fixtures")) : readDefinition(name);
    cache.set(name, definition);
  }
  return definition;
}

function readDefinition(name: LogicalIndex): IndexDefinition {
  return JSON.parse(readFileSync(join(INDICES_DIR, `${name}.json`), "utf8")) as IndexDefinition;
}

/** The field naming the move that copied a document into history (src/ingest/move-settled.ts). */
export const MOVED_IN_FIELD = "moved_in";

/**
 * `moved_in` is the generation of the move that copied a fixture into history: the read-all
 * alias hides copies of a move still under way (src/store/index-versions.ts, `historyFilter`).
 * Indexed only, like `effective`: kept out of `_source`, so answers never show it.
 */
function historyDefinition(live: IndexDefinition): IndexDefinition {
  const source = live.mappings._source ?? {};
  return {
    settings: live.settings,
    mappings: {
      ...live.mappings,
      _source: { ...source, excludes: [...(source.excludes ?? []), MOVED_IN_FIELD] },
      properties: { ...live.mappings.properties, [MOVED_IN_FIELD]: { type: "integer" } },
    },
  };
}
