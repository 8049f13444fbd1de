import type { Client } from "@elastic/elasticsearch";
import { indexDefinition } from "./index-definitions.js";

/**
 * The bet_builders index is created once and never rebuilt, so an index created with
 * an older mapping only learns new fields by a (purely additive) mapping update.
 * Run before writing: a field the mapping lacks would be refused (dynamic: strict).
 */
export async function ensureBetBuilderMapping(es: Client, alias: string): Promise<void> {
  const { mappings } = indexDefinition("bet_builders");
  await es.indices.putMapping({ index: alias, properties: mappings.properties ?? {}, ...(mappings._meta ? { _meta: mappings._meta } : {}) });
}
