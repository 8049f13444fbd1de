import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fixtureIdOf } from "./hit-ids.js";

/**
 * A stored document's version as a search hit shows it: concrete index, id, _seq_no and
 * _primary_term. Every write, live update or rebuild changes one of them, so it keys
 * what is derived from the document (the presented JSON, src/presenters/fixture-json-cache.ts).
 * A hit carries _seq_no and _primary_term only when its search asked for them: every
 * search whose hits are versioned spreads `VERSIONED_HITS` into its body.
 */
export const VERSIONED_HITS = { seq_no_primary_term: true } as const satisfies Pick<estypes.SearchRequest, "seq_no_primary_term">;

type HitMetadata = Parameters<typeof fixtureIdOf>[0] & { _index: string; _seq_no?: number | null; _primary_term?: number | null };

/**
 * The version of a hit's document, or null when the hit carries none (its search did not ask).
 * A hit read without stored fields has no `_id`: its fixture id comes from doc values (hit-ids.ts).
 */
export function hitVersion(hit: HitMetadata): string | null {
  const id = hit._id ?? fixtureIdOf(hit);
  if (id == null || hit._seq_no == null || hit._primary_term == null) return null;
  return `${hit._index}/${id}/${hit._seq_no}/${hit._primary_term}`;
}

/** A stored fixture as a search returned it; `version` null when the hit carried none (never cached). */
export type VersionedFixture = { doc: FixtureDocument; version: string | null };

/** Hits with their documents and versions (hits without a source are skipped). */
export function versionedFixtures(hits: ReadonlyArray<HitMetadata & { _source?: FixtureDocument }>): VersionedFixture[] {
  return hits.flatMap((hit) => (hit._source ? [{ doc: hit._source, version: hitVersion(hit) }] : []));
}
