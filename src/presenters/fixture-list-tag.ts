import { createHash } from "node:crypto";
import { codeFingerprint } from "./code-fingerprint.js";
import type { PresentableFixture } from "../reading/presentable-fixture.js";
import type { FixtureJsonOptions } from "./fixture-json-cache.js";

export type FixtureListTagInput = {
  /** The list's key in the body (`fixtures`). */
  key: string;
  options: FixtureJsonOptions;
  fixtures: readonly PresentableFixture[];
  /** Per fixture, its last_fixtures entries (with include=last_fixtures). */
  previous?: ReadonlyArray<{ home: readonly PresentableFixture[]; away: readonly PresentableFixture[] } | undefined>;
  /** The body's other fields (pagination). */
  rest: Record<string, unknown>;
};

/**
 * The ETag value of a fixture list built by `fixtureListJson` from `FixtureJsonCache.chunks`,
 * from what determines its bytes rather than from the bytes (a SHA-1 over a 1-6 MB body cost
 * milliseconds per request): the code that presents (`codeFingerprint`), the list's key, the
 * presentation options (variant, language, includes, filters), the other fields, and every
 * fixture's and last_fixtures entry's document version in order. Each fixture's JSON is a
 * function of its version and the options (the presented-JSON cache's own invariant), so
 * equal inputs give equal bytes and any change of the bytes changes an input. null when a
 * fixture has no version: then the body is hashed.
 */
export function fixtureListTag(input: FixtureListTagInput): string | null {
  const { key, options, fixtures, previous = [], rest } = input;
  const presentation = { variant: options.variant, language: options.language, includes: [...options.includes].sort(), filters: options.filters };
  const hash = createHash("sha1").update(`fixture-list\n${codeFingerprint()}\n${JSON.stringify([key, presentation, rest])}\n`);
  const add = (marker: string, fixture: PresentableFixture): boolean => {
    if (fixture.version === null) return false;
    hash.update(`${marker} ${fixture.version}\n`);
    return true;
  };
  for (const [i, fixture] of fixtures.entries()) {
    if (!add("f", fixture)) return null;
    const form = previous[i];
    if (!form) continue;
    for (const entry of form.home) if (!add("h", entry)) return null;
    for (const entry of form.away) if (!add("a", entry)) return null;
  }
  return hash.digest("base64url");
}
