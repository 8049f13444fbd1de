import { newerOf, versionKey, type StoredVersion } from "./membership.js";
import type { RoundContext } from "./round-context.js";
import { aheadRequest, scheduleEdges, type AnswersAhead } from "./round-edges.js";
import { prepareResumes } from "./round-resumes.js";
import type { Ask } from "./round-planner.js";
import type { OrderedMembers } from "./standing-reader.js";
import type { PresentableFixture, SnapshotEntry, StandingQuery } from "./standing-query.js";

/** Ids and versions one read of snapshots returns at most (each query counts its largest result set). */
const MEMBER_HITS_PER_READ = 50_000;
/** Reads of snapshots' ids in flight while one is presented: at most one more than this many times MEMBER_HITS_PER_READ hits held. */
const MEMBER_READS_IN_FLIGHT = 3;
/** Snapshot documents held at once: about 14 MiB of parsed live documents (28 KiB each on the heap); 2,000 helped fill a 128 MB heap. */
const SNAPSHOT_DOCUMENTS_PER_GROUP = 500;

/**
 * The snapshots part of a round: each waiting query's result set read as ids and versions in
 * its order (many queries per _msearch), then the documents the cache lacks, a bounded number
 * of documents at a time.
 *
 * Whole result sets for the queries that need a snapshot. Their ids are read in batches of at
 * most MEMBER_HITS_PER_READ hits (MEMBER_READS_IN_FLIGHT batches asked at once), their
 * documents in groups of at most SNAPSHOT_DOCUMENTS_PER_GROUP: memory stays bounded however
 * many streams open at once.
 */
export async function readSnapshots(ctx: RoundContext, asks: readonly Ask[]): Promise<void> {
  const limit = ctx.snapshotMax;
  const perRead = Math.max(1, Math.floor(MEMBER_HITS_PER_READ / (limit + 1)));
  const batches: Ask[][] = [];
  for (let start = 0; start < asks.length; start += perRead) batches.push(asks.slice(start, start + perRead));
  // A window's answer ahead is read in the same _msearch, after the batch's own requests.
  const read = (batch: readonly Ask[]) => {
    const ahead = batch.flatMap(({ query }) => {
      const request = aheadRequest(ctx, query);
      return request ? [{ query, request }] : [];
    });
    return ctx.reader.membersInOrder([...batch.map((ask) => ask.request), ...ahead.map(({ request }) => request)], limit).then(
      (answers) => {
        const ordered = answers.slice(0, batch.length);
        const read = new Set(batch.filter((_, i) => ordered[i]!.ok).map(({ query }) => query));
        return { ok: true as const, ordered, ahead: aheadAnswers(ahead, answers.slice(batch.length), limit).filter(({ query }) => read.has(query)) };
      },
      (error: Error) => ({ ok: false as const, error }),
    );
  };
  // The next reads are asked while this one is presented: the node and the service work side by side.
  const inFlight = batches.slice(0, MEMBER_READS_IN_FLIGHT).map(read);
  for (const [i, batch] of batches.entries()) {
    const answer = await inFlight.shift()!;
    const following = batches[i + MEMBER_READS_IN_FLIGHT];
    if (following) inFlight.push(read(following));
    if (!answer.ok) {
      for (const { query } of batch) ctx.hooks.failed(query, answer.error);
      continue;
    }
    await snapshotBatch(ctx, batch, answer.ordered);
    await scheduleEdges(ctx, answer.ahead.map(({ query, later }) => ({ query, later, now: query.memberIds })));
  }
}

/** The windows' answers ahead that were read whole (a failed or too large one is not looked ahead for). */
function aheadAnswers(ahead: ReadonlyArray<{ query: StandingQuery }>, answers: readonly OrderedMembers[], limit: number): Array<Omit<AnswersAhead, "now">> {
  return ahead.flatMap(({ query }, i) => {
    const answer = answers[i]!;
    if (!answer.ok || answer.members.length > limit) return [];
    return [{ query, later: new Set(answer.members.map(({ id }) => id)) }];
  });
}

async function snapshotBatch(ctx: RoundContext, asks: readonly Ask[], ordered: readonly OrderedMembers[]): Promise<void> {
  const limit = ctx.snapshotMax;
  let group: Array<{ ask: Ask; members: Array<{ id: number; version: StoredVersion }> }> = [];
  let documents = 0;
  const flush = async () => {
    if (group.length > 0) await snapshotGroup(ctx, group);
    group = [];
    documents = 0;
  };
  for (const [i, ask] of asks.entries()) {
    const answer = ordered[i]!;
    if (!answer.ok) {
      ctx.hooks.failed(ask.query, answer.error);
      continue;
    }
    if (answer.members.length > limit) {
      ctx.hooks.tooLarge(ask.query);
      continue;
    }
    if (documents + answer.members.length > SNAPSHOT_DOCUMENTS_PER_GROUP) await flush();
    group.push({ ask, members: answer.members });
    documents += answer.members.length;
  }
  await flush();
}

async function snapshotGroup(ctx: RoundContext, group: ReadonlyArray<{ ask: Ask; members: Array<{ id: number; version: StoredVersion }> }>): Promise<void> {
  const needs = new Map<StandingQuery, number[]>();
  const shownAt = new Map<string, Map<number, StoredVersion>>();
  for (const { ask, members } of group) {
    // Never show an older state than the membership holds (a change round may have seen a newer write).
    const versions = new Map(members.map(({ id, version }) => [id, newerOf(version, ask.query.held(id))]));
    shownAt.set(ask.query.id, versions);
    needs.set(ask.query, [...versions.keys()]);
  }
  let fixtures: Map<StandingQuery, Map<number, PresentableFixture>>;
  try {
    fixtures = await ctx.presentable(group.map(({ ask }) => ask), needs, shownAt);
  } catch (error) {
    for (const { ask } of group) ctx.hooks.failed(ask.query, error as Error);
    return;
  }
  const data = ctx.hooks.dataPoint();
  for (const { ask } of group) {
    await ctx.letOthersIn();
    const { query } = ask;
    const resumes = await prepareResumes(ctx, query, data, ctx.at.getTime());
    ctx.safely(query, () => {
      const entries: SnapshotEntry[] = [];
      const own = fixtures.get(query)!;
      for (const [id, version] of shownAt.get(query.id)!) {
        const fixture = own.get(id);
        // Deleted since its id was read: the next round's question settles it.
        if (!fixture) {
          ctx.carry.add(id);
          continue;
        }
        const shown = fixture.version === versionKey(id, version) ? version : parseVersion(fixture.version, version);
        if (shown !== version) ctx.carry.add(id);
        entries.push({ id, version: shown, fixture });
      }
      const joining = [...query.waiting];
      ctx.hooks.issued(query.applySnapshot(entries, ctx.at, ctx.payloads, resumes, data));
      ctx.hooks.joined(joining);
    });
  }
}

/** The stored version a presentable fixture's key names (`index/id/seq/term`). */
function parseVersion(key: string | null, fallback: StoredVersion): StoredVersion {
  if (key === null) return fallback;
  const parts = key.split("/");
  const primaryTerm = Number(parts.pop());
  const seqNo = Number(parts.pop());
  parts.pop();
  return { index: parts.join("/"), seqNo, primaryTerm };
}
