import type { FeedMark } from "../domain/fixture/fixture-document.js";

export type { FeedMark } from "../domain/fixture/fixture-document.js";

/**
 * Whether the update `next` is already applied to a fixture whose stored state carries
 * `stored`: the same change key, or a state projected at the same or a later match second.
 * The second half keeps a writer that lost its lease (and still sends a write it had started)
 * from putting an earlier state of the match over its successor's.
 */
export function alreadyApplied(stored: FeedMark | undefined, next: FeedMark): boolean {
  return stored !== undefined && (stored.key === next.key || stored.clock_unix >= next.clock_unix);
}
