import type { RoundContext } from "./round-context.js";
import type { DataPoint, ResumeSets, StandingQuery } from "./standing-query.js";
import type { Subscriber } from "./subscriber.js";

/**
 * Resumes from another instance's (or a restarted one's) event ids, the snapshots part of a round
 * (resume-point.ts says what an id carries): for each waiting client whose `Last-Event-ID` names
 * this query, the data now behind the alias and a recent enough point, what changed since its
 * watermark (one paged read of ids and times, as the change feed reads them) and, for a window,
 * the query's answer at its last full evaluation (ids only, by the query's own builder at that
 * time). Any other client, or one whose reads fail or grow too large, gets the snapshot.
 */

/** Points older than this get a snapshot: what changed since is read whole, and a window's answers then and now must overlap (the shortest window is 3 hours). */
const RESUME_MAX_AGE_MS = 30 * 60_000;
/** Changed fixtures one query's resumes read at most; past it its resuming clients get the snapshot. */
const RESUME_MAX_CHANGES = 10_000;
/** Earlier answers of one window read per round at most (one per distinct time); other resumes get the snapshot. */
const RESUME_MAX_EARLIER = 8;

export async function prepareResumes(ctx: RoundContext, query: StandingQuery, data: DataPoint | null, now: number): Promise<Map<Subscriber, ResumeSets>> {
  const resumes = new Map<Subscriber, ResumeSets>();
  const resuming = query.waiting.filter((subscriber) => subscriber.resumeFrom !== null);
  if (resuming.length === 0 || data === null) return resumes;
  const valid = resuming.filter(({ resumeFrom: point }) => {
    const recent = now - Math.min(point!.watermarkMs, point!.decidedAtMs) <= RESUME_MAX_AGE_MS;
    return point!.queryHash === query.hash && point!.dataHash === data.dataHash && recent;
  });
  if (valid.length === 0) return resumes;
  try {
    const changed = await ctx.reader.changedSince(Math.min(...valid.map((subscriber) => subscriber.resumeFrom!.watermarkMs)), RESUME_MAX_CHANGES);
    if (changed === null) return resumes;
    const earlier = query.movesWithTime ? await earlierAnswers(ctx, query, valid) : new Map<number, Set<number>>();
    for (const subscriber of valid) {
      const point = subscriber.resumeFrom!;
      const before = query.movesWithTime ? earlier.get(point.decidedAtMs) : null;
      if (before === undefined) continue;
      const mine = new Set<number>();
      for (const [id, updatedAtMs] of changed) if (updatedAtMs >= point.watermarkMs) mine.add(id);
      resumes.set(subscriber, { changed: mine, earlier: before });
    }
  } catch {
    // The snapshot, read already, answers them all.
    return new Map();
  }
  return resumes;
}

/** The window's answer at each resume point's full evaluation, by the query's own builder at that time (ids only). */
async function earlierAnswers(ctx: RoundContext, query: StandingQuery, resuming: readonly Subscriber[]): Promise<Map<number, Set<number>>> {
  const times = [...new Set(resuming.map((subscriber) => subscriber.resumeFrom!.decidedAtMs))].slice(0, RESUME_MAX_EARLIER);
  const answers = await ctx.reader.membersInOrder(
    times.map((time) => query.spec.request(new Date(time))),
    ctx.snapshotMax,
  );
  const earlier = new Map<number, Set<number>>();
  times.forEach((time, i) => {
    const answer = answers[i]!;
    if (answer.ok && answer.members.length <= ctx.snapshotMax) earlier.set(time, new Set(answer.members.map((member) => member.id)));
  });
  return earlier;
}
