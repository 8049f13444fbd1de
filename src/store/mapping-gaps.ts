import type { Client, estypes } from "@elastic/elasticsearch";
import { indexDefinition } from "./index-definitions.js";
import { VERSIONED_INDICES, type IndexNames } from "./index-names.js";

/**
 * The fields `indices/<name>.json` maps that the data behind an alias lacks: data built by an
 * older version of the code. Queries on a missing field match nothing rather than fail, so
 * such data answers without an error but worse (e.g. no `search.deletions`: team words with
 * two slips are not found); `npm start` and the benchmarks' kept data sets rebuild it.
 */
export async function mappingGaps(es: Client, names: IndexNames): Promise<string[]> {
  const gaps: string[] = [];
  for (const index of VERSIONED_INDICES) {
    const live = (await liveMapping(es, names[index]))?.properties;
    if (live === undefined) continue;
    for (const field of missingFields(indexDefinition(index).mappings.properties ?? {}, live)) gaps.push(`${names[index]}: ${field}`);
  }
  return gaps;
}

/** The mapping of the index behind `alias` as the node has it, or undefined when there is none. */
export async function liveMapping(es: Client, alias: string): Promise<estypes.MappingTypeMapping | undefined> {
  const answer = await es.indices.getMapping({ index: alias }, { ignore: [404] });
  return Object.values(answer as Record<string, { mappings?: estypes.MappingTypeMapping }>)[0]?.mappings;
}

/** Dotted paths of the fields (object properties, multi-fields) `wanted` maps and `live` does not. */
export function missingFields(
  wanted: Record<string, estypes.MappingProperty>,
  live: Record<string, estypes.MappingProperty>,
  path = "",
): string[] {
  const missing: string[] = [];
  for (const [name, property] of Object.entries(wanted)) {
    const at = `${path}${name}`;
    const found = live[name];
    if (found === undefined) {
      missing.push(at);
      continue;
    }
    for (const key of ["properties", "fields"] as const) {
      const inner = (property as Record<string, unknown>)[key] as Record<string, estypes.MappingProperty> | undefined;
      if (inner) missing.push(...missingFields(inner, ((found as Record<string, unknown>)[key] ?? {}) as Record<string, estypes.MappingProperty>, `${at}.`));
    }
  }
  return missing;
}
