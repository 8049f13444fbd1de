/**
 * Names of every index and alias, all under INDEX_PREFIX so that test files and
 * benchmarks can run side by side with their own prefix.
 *
 * Clients only ever read and write through the alias; the concrete index behind it
 * is versioned so that a mapping change or a rebuild can swap it atomically.
 */
export const LOGICAL_INDICES = ["api_keys"] as const;
export type LogicalIndex = (typeof LOGICAL_INDICES)[number];

export type IndexNames = Record<LogicalIndex, string> & { prefix: string };

export function indexNames(prefix: string): IndexNames {
  const names = { prefix } as IndexNames;
  for (const logical of LOGICAL_INDICES) names[logical] = `${prefix}_${logical}`;
  return names;
}

/** The concrete index behind an alias, e.g. `sfd_api_keys-000001`. */
export function versionedIndexName(alias: string, version: number): string {
  return `${alias}-${String(version).padStart(6, "0")}`;
}
