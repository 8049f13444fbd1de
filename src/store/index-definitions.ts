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

/** Settings and mappings from `indices/<name>.json`, the single source of truth for each index. */
export function indexDefinition(name: LogicalIndex): IndexDefinition {
  let definition = cache.get(name);
  if (!definition) {
    definition = JSON.parse(readFileSync(join(INDICES_DIR, `${name}.json`), "utf8")) as IndexDefinition;
    cache.set(name, definition);
  }
  return definition;
}
