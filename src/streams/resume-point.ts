import { createHash } from "node:crypto";

/**
 * Where a stream's client stands, written into every event id so that any instance (not only
 * the one that sent the event) can bring a reconnecting client up to date without a snapshot
 * (docs/streams.md, "Reconnecting"). An id is `<query>.<seq>~<query hash>.<data hash>.<w>.<t>`:
 * - `<query>.<seq>`: the instance's own replay history (event-history.ts);
 * - the query hash: which standing query (its normalized key), so an id is never applied to
 *   another question;
 * - the data hash: which index the live alias pointed at (a rebuild or a move starts over);
 * - `w`, the watermark: every stored change with an `updated_at` before it had been judged for
 *   this query, and its events sent, before this event (the change feed's cursor, less its
 *   overlap, as of the query's last completed round);
 * - `t`: when the query's membership was last evaluated in full; for a question that moves with
 *   time (a window), what the client holds of the fixtures that did not change is that answer.
 * Both times are in base 36 milliseconds.
 */
export type ResumePoint = { queryHash: string; dataHash: string; watermarkMs: number; decidedAtMs: number };

/** A short, stable hash for ids: 48 bits of SHA-1 in base64url. */
export function shortHash(text: string): string {
  return createHash("sha1").update(text).digest("base64url").slice(0, 8);
}

export function resumeSuffix(point: ResumePoint): string {
  return `~${point.queryHash}.${point.dataHash}.${Math.max(0, Math.floor(point.watermarkMs)).toString(36)}.${Math.max(0, Math.floor(point.decidedAtMs)).toString(36)}`;
}

/** The instance-local part of an event id (what the replay history knows). */
export function localEventId(eventId: string): string {
  const tilde = eventId.indexOf("~");
  return tilde < 0 ? eventId : eventId.slice(0, tilde);
}

const HASH = "[A-Za-z0-9_-]{8}";
const POINT = new RegExp(`~(${HASH})\\.(${HASH})\\.([0-9a-z]{1,11})\\.([0-9a-z]{1,11})$`);

/** The resume point an event id carries; null for an id without one or a malformed one. */
export function parseResumePoint(eventId: string | null): ResumePoint | null {
  if (eventId === null) return null;
  const match = POINT.exec(eventId);
  if (!match) return null;
  const watermarkMs = parseInt(match[3]!, 36);
  const decidedAtMs = parseInt(match[4]!, 36);
  if (!Number.isSafeInteger(watermarkMs) || !Number.isSafeInteger(decidedAtMs)) return null;
  return { queryHash: match[1]!, dataHash: match[2]!, watermarkMs, decidedAtMs };
}

/**
 * What a client that held the query's answer at its resume point needs to hold the answer now:
 * - `set`: the fixtures of the answer now (`now`, in its order) that changed since the
 *   watermark (`changed`), or, for a question that moves with time, that were not in its answer
 *   at the time of the last full evaluation (`earlier`): the client may hold an older state or
 *   none;
 * - `leave`: the fixtures that changed, or were in that earlier answer, and are not in the
 *   answer now: the client may hold them (a leave for one it does not hold changes nothing).
 * Every other fixture of the answer now is one the client holds at the version shown: it did
 * not change, and the question about it gives the same answer (for a window that slides, a
 * fixture in the answer at both times was in it in between).
 */
export function resumeDiff(now: readonly number[], changed: ReadonlySet<number>, earlier: ReadonlySet<number> | null): { set: number[]; leave: number[] } {
  const current = new Set(now);
  const set = now.filter((id) => changed.has(id) || (earlier !== null && !earlier.has(id)));
  const leave: number[] = [];
  for (const id of changed) if (!current.has(id)) leave.push(id);
  if (earlier) for (const id of earlier) if (!current.has(id) && !changed.has(id)) leave.push(id);
  return { set, leave };
}
