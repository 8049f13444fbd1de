/**
 * Names of every index and alias, all under INDEX_PREFIX so that test files and
 * benchmarks can run side by side with their own prefix.
 *
 * Clients only ever read and write through the alias. The concrete index behind
 * it carries a version: the rebuilt indices get a new version together and their
 * aliases swap in one atomic call; the persistent ones (keys, bet builders) are
 * created once and never replaced by a rebuild, so a rollback cannot revive a
 * revoked key or lose a user's bet builders.
 */
export const VERSIONED_INDICES = ["fixtures", "teams", "leagues", "countries", "seasons", "standings"] as const;
export const PERSISTENT_INDICES = ["api_keys", "bet_builders"] as const;
export const LOGICAL_INDICES = [...VERSIONED_INDICES, ...PERSISTENT_INDICES] as const;

export type VersionedIndex = (typeof VERSIONED_INDICES)[number];
export type PersistentIndex = (typeof PERSISTENT_INDICES)[number];
export type LogicalIndex = (typeof LOGICAL_INDICES)[number];

export type IndexNames = Record<LogicalIndex, string> & { prefix: string };

export function indexNames(prefix: string): IndexNames {
  const names = { prefix } as IndexNames;
  for (const logical of LOGICAL_INDICES) names[logical] = `${prefix}_${logical}`;
  return names;
}

/** The concrete index behind an alias, e.g. `sfd_fixtures-20261121053000`. */
export function versionedIndexName(alias: string, version: string | number): string {
  return `${alias}-${typeof version === "number" ? String(version).padStart(6, "0") : version}`;
}

/** The version part of a concrete index name, or null when it is not one of this alias's. */
export function versionOf(alias: string, index: string): string | null {
  return index.startsWith(`${alias}-`) ? index.slice(alias.length + 1) : null;
}
