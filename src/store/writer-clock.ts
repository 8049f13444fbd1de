import type { Client } from "@elastic/elasticsearch";
import { clientErrorKind } from "./errors.js";
import type { IndexNames } from "./index-names.js";

/**
 * The live feed's match clock as its writer left it, one document beside the writer lease
 * (`<prefix>_locks/writer_clock`), so a successor (after a fail-over or a hand-over) goes on
 * with the same clock instead of starting one at its own "now" (live/match-clock.ts says how
 * it is continued). `alive_at_ms` is the wall time the writer last confirmed it was using it.
 * Every write after the first is conditional on the version its writer last wrote, so a writer
 * that was taken over cannot put its clock back over its successor's.
 */
export type StoredWriterClock = {
  /** Match time (epoch ms) at `wall_epoch_ms`. */
  match_epoch_ms: number;
  /** Wall time (epoch ms) the clock started from. */
  wall_epoch_ms: number;
  /** Match milliseconds per real millisecond. */
  speed: number;
  /** Who set it (host and pid), for operators. */
  writer: string;
  alive_at_ms: number;
};

export type ClockVersion = { seqNo: number; primaryTerm: number };

const CLOCK_ID = "writer_clock";

function locksIndex(names: Pick<IndexNames, "prefix">): string {
  return `${names.prefix}_locks`;
}

/** The stored clock and its version, or null when no writer has run on this prefix yet. */
export async function readWriterClock(es: Client, names: Pick<IndexNames, "prefix">): Promise<{ clock: StoredWriterClock; version: ClockVersion } | null> {
  const found = await es.get<StoredWriterClock>({ index: locksIndex(names), id: CLOCK_ID }, { ignore: [404] });
  if (!found.found || !found._source) return null;
  return { clock: found._source, version: { seqNo: found._seq_no!, primaryTerm: found._primary_term! } };
}

/**
 * Writes the clock: unconditionally when `after` is null (a new writer, holding the lease,
 * sets the clock it goes on with), else only over the version `after`. Null when another
 * writer's version came first (409): this writer no longer owns the clock.
 */
export async function writeWriterClock(
  es: Client,
  names: Pick<IndexNames, "prefix">,
  clock: StoredWriterClock,
  after: ClockVersion | null,
): Promise<ClockVersion | null> {
  try {
    const answer = await es.index({
      index: locksIndex(names),
      id: CLOCK_ID,
      document: clock,
      ...(after ? { if_seq_no: after.seqNo, if_primary_term: after.primaryTerm } : {}),
    });
    return { seqNo: answer._seq_no!, primaryTerm: answer._primary_term! };
  } catch (error) {
    if (clientErrorKind(error) === "conflict") return null;
    throw error;
  }
}
