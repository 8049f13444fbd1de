import type { PresentableFixture } from "./presentable-fixture.js";

/**
 * The one way fixtures become presentable, for the routes and the stream rounds alike: the
 * JSON the cache kept for each wanted version where there is one, and only the rest read, in
 * one read, so a kept fixture is neither read, sent nor parsed again. `read` answers the
 * missing ones in the order given (undefined for one that is gone), or null when its answer
 * cannot be trusted (a document changed between the search and the read): then neither can
 * this one, and the caller reads the usual way.
 */
export async function keptOrRead<Wanted>(
  wanted: readonly Wanted[],
  kept: (item: Wanted) => PresentableFixture | undefined,
  read: (missing: Wanted[]) => Promise<ReadonlyArray<PresentableFixture | undefined> | null>,
): Promise<Array<PresentableFixture | undefined> | null> {
  // The positions not kept are collected in the same pass (a page with last_fixtures has hundreds).
  const missing: number[] = [];
  const out = wanted.map((item, i) => {
    const found = kept(item);
    if (!found) missing.push(i);
    return found;
  });
  if (missing.length === 0) return out;
  const answers = await read(missing.map((i) => wanted[i]!));
  if (answers === null) return null;
  missing.forEach((i, n) => (out[i] = answers[n]));
  return out;
}
