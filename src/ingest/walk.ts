import { setImmediate } from "node:timers/promises";

/**
 * A walk over a catalogue's matches is a generator that pauses (`yield`) every few thousand
 * matches and returns its result. Run whole, it is a plain loop (small catalogs, tests); run
 * yielding, it lets the event loop turn at each pause, so over millions of matches (minutes) a
 * lease's heartbeat (store/lease.ts) keeps beating.
 */
export type Walk<T> = Generator<void, T, undefined>;

/** Matches between two pauses of a walk. */
export const PAUSE_EVERY = 2_000;

export function runWalk<T>(walk: Walk<T>): T {
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

export async function runWalkYielding<T>(walk: Walk<T>): Promise<T> {
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}
