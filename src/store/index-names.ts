/**
 * Names of every index and alias, all under INDEX_PREFIX so that test files and
 * benchmarks can run side by side with their own prefix.
 *
 * Clients only ever read and write through the alias. The concrete index behind
 * it carries a version: the rebuilt indices get a new version together and their
 * aliases swap in one atomic call; the persistent ones (keys, bet builders) are
 * created once and never replaced by a rebuild, so a rollback cannot revive a
 * revoked key or lose a user's bet builders.
 *
 * Fixtures live in two index families (docs/scaling.md, "Live part and history"): `fixtures`,
 * the live part (upcoming, in play, recently finished: what searches, streams, the change feed
 * and livescores read and live updates write), and `fixtures_history`, settled fixtures. The
 * alias `fixtures_all` spans both for reads by id, by date and of past fixtures.
 */
export const VERSIONED_INDICES = ["fixtures", "fixtures_history", "teams", "leagues", "countries", "seasons", "standings"] as const;
export const PERSISTENT_INDICES = ["api_keys", "bet_builders"] as const;
export const LOGICAL_INDICES = [...VERSIONED_INDICES, ...PERSISTENT_INDICES] as const;

export type VersionedIndex = (typeof VERSIONED_INDICES)[number];
export type PersistentIndex = (typeof PERSISTENT_INDICES)[number];
export type LogicalIndex = (typeof LOGICAL_INDICES)[number];

export type IndexNames = Record<LogicalIndex, string> & {
  prefix: string;
  /** Read-only alias over the live part and history (no concrete index of its own). */
  fixtures_all: string;
};

export function indexNames(prefix: string): IndexNames {
  const names = { prefix, fixtures_all: `${prefix}_fixtures_all` } as IndexNames;
  for (const logical of LOGICAL_INDICES) names[logical] = `${prefix}_${logical}`;
  return names;
}

/** The concrete index behind an alias, e.g. `sfd_fixtures-20261121053000`. */
export function versionedIndexName(alias: string, version: string | number): string {
  return `${alias}-${typeof version === "number" ? String(version).padStart(6, "0") : version}`;
}

/**
 * A live part made by a move of settled fixtures (src/ingest/move-settled.ts): the version's
 * live index again, with the move's generation, e.g. `sfd_fixtures-20261121053000.3`. A
 * rebuild's own live index is generation 0 (no suffix).
 */
export function liveIndexName(alias: string, version: string, generation: number): string {
  return generation === 0 ? versionedIndexName(alias, version) : `${versionedIndexName(alias, version)}.${generation}`;
}

/** The version part of a concrete index name (without a move's generation), or null when it is not one of this alias's. */
export function versionOf(alias: string, index: string): string | null {
  return index.startsWith(`${alias}-`) ? index.slice(alias.length + 1).split(".")[0]! : null;
}

/** The move generation of a concrete index name: 0 for a rebuild's own index. */
export function generationOf(index: string): number {
  const dot = index.lastIndexOf(".");
  return dot === -1 ? 0 : Number(index.slice(dot + 1));
}
