import { describe, expect, it } from "vitest";
import { HistoryPool } from "../../../src/streams/history-pool.js";
import type { StoredVersion } from "../../../src/streams/membership.js";
import { RoundContext, type RoundHooks } from "../../../src/streams/round-context.js";
import { runRound } from "../../../src/streams/round-runner.js";
import type { OrderedMembers, ReadDocument, StandingReader } from "../../../src/streams/standing-reader.js";
import { StandingQuery, type StandingQuerySpec } from "../../../src/streams/standing-query.js";
import type { Subscriber } from "../../../src/streams/subscriber.js";
import { recordingResponse, recordingSubscriber as subscriber } from "../../support/recording-subscriber.js";

/**
 * How a round hands Elasticsearch's answers to the queries, with the reads scripted (the reads
 * themselves are tested on the real node: stream-membership-differential.test.ts).
 */
const v = (seqNo: number): StoredVersion => ({ index: "fixtures_v1", seqNo, primaryTerm: 1 });
const doc = (id: number, seq: number) => ({ id, seq }) as never;


const SPEC: StandingQuerySpec = {
  key: "k",
  request: () => ({ index: "f", query: { term: { status: "LIVE" } } }),
  present: (fixture) => [Buffer.from(JSON.stringify("doc" in fixture ? fixture.doc : null))],
  peek: () => undefined,
  presentation: "p",
};

/** A reader whose answers are given: the ids in order, and the documents as stored now. */
function scriptedReader(members: Array<{ id: number; version: StoredVersion }>, stored: Map<number, ReadDocument>): StandingReader {
  return {
    membersInOrder: async (): Promise<OrderedMembers[]> => [{ ok: true, members }],
    documents: async (ids: readonly number[]) => new Map(ids.flatMap((id) => (stored.has(id) ? [[id, stored.get(id)!] as const] : []))),
  } as unknown as StandingReader;
}

const hooks = (joined: Subscriber[] = []): RoundHooks => ({
  joined: (subscribers) => joined.push(...subscribers),
  issued: () => {},
  failed: (query, error) => {
    throw error;
  },
  tooLarge: () => {},
  dataPoint: () => null,
  corrected: () => {},
  uncounted: () => {},
  reportedVersion: () => undefined,
  yielding: () => {},
});

describe("a round's snapshot", () => {
  it("never shows a new subscriber an older state than the query holds", async () => {
    const query = new StandingQuery("q1", SPEC, 10, new HistoryPool(1 << 20));
    const first = recordingResponse();
    query.waiting.push(subscriber(first));
    query.applySnapshot([{ id: 1, version: v(5), fixture: { version: "fixtures_v1/1/5/1", doc: doc(1, 5) } }], new Date());

    // A new subscriber; its snapshot's ids come from a shard copy that still sees seq 3.
    const second = recordingResponse();
    const joining = subscriber(second);
    query.waiting.push(joining);
    const reader = scriptedReader([{ id: 1, version: v(3) }], new Map([[1, { doc: doc(1, 5), version: v(5) }]]));
    const joined: Subscriber[] = [];
    await runRound(new RoundContext(reader, hooks(joined), 100, new Date()),
      { snapshots: [{ query, request: SPEC.request(new Date()) }], changes: [], checks: [], failed: [] },
      [],
    );
    expect(joined).toEqual([joining]);
    expect(second.sent.join("")).toContain('"fixtures":[{"id":1,"seq":5}]');
    expect(query.held(1)).toEqual(v(5));
    expect(first.sent.join("")).not.toContain("event: update");
  });

  it("shows a document read at a newer version than its id was, and asks about it again next round", async () => {
    const query = new StandingQuery("q1", SPEC, 10, new HistoryPool(1 << 20));
    const response = recordingResponse();
    query.waiting.push(subscriber(response));
    const reader = scriptedReader([{ id: 1, version: v(3) }], new Map([[1, { doc: doc(1, 4), version: v(4) }]]));
    const round = new RoundContext(reader, hooks(), 100, new Date());
    await runRound(round, { snapshots: [{ query, request: SPEC.request(new Date()) }], changes: [], checks: [], failed: [] }, []);
    expect(response.sent.join("")).toContain('"fixtures":[{"id":1,"seq":4}]');
    expect(query.held(1)).toEqual(v(4));
    expect([...round.carry]).toEqual([1]);
  });
});

describe("a round's membership check", () => {
  /** A query holding fixtures 1 and 2 at seq 3, both reported by the feed at that version. */
  function holding(): StandingQuery {
    const query = new StandingQuery("q1", SPEC, 10, new HistoryPool(1 << 20));
    query.subscribers.add(subscriber(recordingResponse()));
    query.applySnapshot([1, 2].map((id) => ({ id, version: v(3), fixture: { version: `fixtures_v1/${id}/3/1`, doc: doc(id, 3) } })), new Date());
    return query;
  }

  it("counts a fixture gone from the check as a correction only while it is stored at the version the change rounds judged", async () => {
    const query = holding();
    // The check finds neither; since the feed's last poll, fixture 2 was written again (seq 4).
    const reader = {
      matchesOfAll: async () => ({ matches: new Map([["q1", new Map()]]), failed: new Map() }),
      versions: async () => new Map([[1, v(3)], [2, v(4)]]),
    } as unknown as StandingReader;
    const corrected: Array<[string, number]> = [];
    const round = new RoundContext(
      reader,
      { ...hooks(), corrected: (q, fixtures) => corrected.push([q.id, fixtures]), reportedVersion: (id) => `fixtures_v1/${id}/3/1` },
      100,
      new Date(),
    );
    await runRound(round, { snapshots: [], changes: [], checks: [{ query, request: SPEC.request(new Date()) }], failed: [] }, []);
    expect(corrected).toEqual([["q1", 1]]);
    expect(query.memberIds).toEqual([]);
  });

  it("counts nothing when the stored versions cannot be read, and still sends what left", async () => {
    const query = holding();
    const reader = {
      matchesOfAll: async () => ({ matches: new Map([["q1", new Map()]]), failed: new Map() }),
      versions: async () => {
        throw new Error("node down");
      },
    } as unknown as StandingReader;
    const corrected: number[] = [];
    const uncounted: string[] = [];
    const round = new RoundContext(
      reader,
      {
        ...hooks(),
        corrected: (_q, fixtures) => corrected.push(fixtures),
        uncounted: (error, fixtures, queries) => uncounted.push(`${error.message}: ${fixtures} of ${queries.join(",")}`),
        reportedVersion: (id) => `fixtures_v1/${id}/3/1`,
      },
      100,
      new Date(),
    );
    await runRound(round, { snapshots: [], changes: [], checks: [{ query, request: SPEC.request(new Date()) }], failed: [] }, []);
    expect(corrected).toEqual([]);
    expect(uncounted).toEqual(["node down: 2 of q1"]);
    expect(query.memberIds).toEqual([]);
  });
});
