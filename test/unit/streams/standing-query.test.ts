import { describe, expect, it } from "vitest";
import { HistoryPool } from "../../../src/streams/history-pool.js";
import type { StoredVersion } from "../../../src/streams/membership.js";
import { StandingQuery, type SnapshotEntry, type StandingQuerySpec } from "../../../src/streams/standing-query.js";
import { Subscriber } from "../../../src/streams/subscriber.js";
import { recordingResponse, recordingSubscriber as subscriber } from "../../support/recording-subscriber.js";

const v = (seqNo: number): StoredVersion => ({ index: "fixtures_v1", seqNo, primaryTerm: 1 });
/** A fixture as a round hands it over: presented from a stand-in document naming its id and version. */
const entry = (id: number, seqNo: number): SnapshotEntry => ({ id, version: v(seqNo), fixture: { version: `fixtures_v1/${id}/${seqNo}/1`, doc: { id, seq: seqNo } as never } });
const matching = (id: number, seqNo: number) => ({ id, version: v(seqNo), hit: entry(id, seqNo).fixture });

const SPEC: StandingQuerySpec = {
  key: "k",
  request: () => ({ index: "fixtures", query: { term: { status: "LIVE" } } }),
  present: (fixture) => [Buffer.from(JSON.stringify("doc" in fixture ? fixture.doc : null))],
  peek: () => undefined,
  presentation: "search|en",
};

function query(spec: StandingQuerySpec = SPEC): StandingQuery {
  return new StandingQuery("q1", spec, 100, new HistoryPool(1 << 20));
}

const events = (response: { sent: string[] }) => [...response.sent.join("").matchAll(/event: (\w+)/g)].map((match) => match[1]);

describe("StandingQuery", () => {
  it("snapshots the waiting subscribers in the answer's order, then sends the differences to everyone", () => {
    const q = query();
    const first = recordingResponse();
    q.waiting.push(subscriber(first));
    q.applySnapshot([entry(2, 1), entry(1, 1)], new Date("2026-11-24T10:00:00Z"));
    expect(events(first)).toEqual(["snapshot"]);
    expect(first.sent.join("")).toContain('data: {"fixtures":[{"id":2,"seq":1},{"id":1,"seq":1}],"at":"2026-11-24T10:00:00.000Z"}');

    const second = recordingResponse();
    q.waiting.push(subscriber(second));
    q.applySnapshot([entry(1, 2), entry(3, 1)], new Date());
    expect(events(first)).toEqual(["snapshot", "update", "enter", "leave"]);
    expect(events(second)).toEqual(["snapshot"]);
    expect(q.memberIds.sort()).toEqual([1, 3]);
  });

  it("judges the asked fixtures only: what matches enters or updates, what no longer matches leaves, the rest stays", () => {
    const q = query();
    const response = recordingResponse();
    q.waiting.push(subscriber(response));
    q.applySnapshot([entry(1, 1), entry(2, 1)], new Date());
    expect(q.behind(new Map([[1, v(1)], [2, v(3)], [5, v(1)]]))).toEqual([2, 5]);
    q.judge([2, 5, 1], [matching(2, 3), matching(5, 1)]);
    expect(events(response)).toEqual(["snapshot", "update", "enter", "leave"]);
    expect(q.memberIds.sort()).toEqual([2, 5]);
  });

  it("lets a membership check send what left at once and return what entered or changed, to read next round", () => {
    const q = query();
    const response = recordingResponse();
    q.waiting.push(subscriber(response));
    q.applySnapshot([entry(1, 1), entry(2, 1)], new Date());
    const first = q.checkMembership(new Map([[2, v(1)], [3, v(1)]]), new Date());
    expect(events(response)).toEqual(["snapshot", "leave"]);
    expect(first.left).toEqual([1]);
    expect(first.behind).toEqual([3]);
    expect(q.checkMembership(new Map([[2, v(5)], [3, v(1)]]), new Date()).behind).toEqual([2, 3]);
  });

  it("replays what a reconnecting client missed after its last event id, and only from this query", () => {
    const q = query();
    const response = recordingResponse();
    q.waiting.push(subscriber(response));
    q.applySnapshot([entry(1, 1)], new Date());
    const afterSnapshot = q.lastEventId;
    q.judge([1], [matching(1, 2)]);
    q.judge([1], []);
    expect(q.replaySince(afterSnapshot)?.map((frame) => /event: (\w+)/.exec(Buffer.concat(frame).toString())?.[1])).toEqual(["update", "leave"]);
    expect(q.replaySince(q.lastEventId)).toEqual([]);
    expect(q.replaySince("other.1")).toBeNull();
    expect(q.replaySince(null)).toBeNull();
  });

  it("tells a question that moves with the clock from one that does not, by building it at two times", () => {
    expect(query().movesWithTime).toBe(false);
    const windowed = query({ ...SPEC, request: (now) => ({ index: "fixtures", query: { range: { date_time: { lte: now.toISOString() } } } }) });
    expect(windowed.movesWithTime).toBe(true);
  });

  it("builds the request of a question that does not move with time once a minute, and one that does at every round's time", () => {
    let builds = 0;
    const unstable = query({ ...SPEC, request: () => ({ index: "fixtures", query: { term: { built: ++builds } } }) });
    // Built twice to tell whether it moves: the answers differ, so it counts as moving and is built each time.
    expect(unstable.movesWithTime).toBe(true);
    const counted = { calls: 0 };
    const still = query({ ...SPEC, request: () => (counted.calls++, { index: "fixtures", query: { term: { status: "LIVE" } } }) });
    const afterConstruction = counted.calls;
    const first = still.requestAt(new Date(1_000));
    expect(still.requestAt(new Date(59_000))).toBe(first);
    expect(counted.calls).toBe(afterConstruction + 1);
    // Built again a minute later all the same: a question moving more slowly than the probe's hour stays right.
    expect(still.requestAt(new Date(61_000))).not.toBe(first);
    expect(counted.calls).toBe(afterConstruction + 2);
    const windowed = query({ ...SPEC, request: (now) => ({ index: "fixtures", query: { range: { date_time: { lte: now.toISOString() } } } }) });
    expect(windowed.requestAt(new Date(1_000)).query).toEqual({ range: { date_time: { lte: new Date(1_000).toISOString() } } });
    expect(windowed.requestAt(new Date(2_000)).query).toEqual({ range: { date_time: { lte: new Date(2_000).toISOString() } } });
  });
});

describe("StandingQuery event data", () => {
  it("is made once per round for every query that presents the same fixture alike, and framed with each query's own id", () => {
    let presented = 0;
    const spec: StandingQuerySpec = { ...SPEC, present: (fixture) => (presented++, [Buffer.from(JSON.stringify("doc" in fixture ? fixture.doc : null))]) };
    const memo = new Map<string, Buffer>();
    const [a, b] = [new StandingQuery("qa", spec, 100, new HistoryPool(1 << 20)), new StandingQuery("qb", spec, 100, new HistoryPool(1 << 20))];
    const [ra, rb] = [recordingResponse(), recordingResponse()];
    a.subscribers.add(subscriber(ra));
    b.subscribers.add(subscriber(rb));
    a.judge([1], [matching(1, 1)], memo);
    b.judge([1], [matching(1, 1)], memo);
    expect(presented).toBe(1);
    expect(ra.sent.join("")).toBe('id: qa.1\nevent: enter\ndata: {"fixture":{"id":1,"seq":1}}\n\n');
    expect(rb.sent.join("")).toBe('id: qb.1\nevent: enter\ndata: {"fixture":{"id":1,"seq":1}}\n\n');
  });

  it("keeps a copy of the presented JSON in its events, never a view of the buffer the presenter gave", () => {
    // The presented-JSON cache hands out views of 512 KiB slabs; an event kept for replay must not hold one.
    const slab = Buffer.alloc(4096);
    const spec: StandingQuerySpec = {
      ...SPEC,
      present: (fixture) => {
        const json = JSON.stringify("doc" in fixture ? fixture.doc : null);
        const length = slab.write(json, 100);
        return [slab.subarray(100, 100 + length)];
      },
    };
    const q = query(spec);
    const written: Buffer[] = [];
    const response = Object.assign(recordingResponse(), {
      write(chunk: Buffer) {
        written.push(chunk);
        return true;
      },
    });
    q.waiting.push(subscriber(response));
    q.applySnapshot([], new Date());
    q.applySnapshot([entry(1, 1)], new Date());
    expect(Buffer.concat(written).toString()).toContain('event: enter\ndata: {"fixture":{"id":1,"seq":1}}');
    const replayed = q.replaySince("q1.0");
    expect(replayed?.length).toBe(1);
    for (const chunk of [...written, ...(replayed ?? []).flat()]) expect(chunk.buffer).not.toBe(slab.buffer);
  });
});

describe("a client resuming from another instance's id (a resume diff)", () => {
  /** A connection that takes nothing: every byte written stays unsent. */
  function stalledResponse() {
    const response = recordingResponse();
    const write = response.write.bind(response);
    response.write = ((chunk: Buffer) => {
      (response as { writableLength: number }).writableLength += chunk.length;
      return write(chunk);
    }) as typeof response.write;
    return response;
  }

  it("writes the whole diff even to a client slower than the limit, and only its last event carries the query's current id", () => {
    const q = query();
    const first = recordingResponse();
    q.waiting.push(subscriber(first));
    const members = Array.from({ length: 40 }, (_, i) => entry(i + 1, 1));
    q.applySnapshot(members, new Date("2026-11-24T10:00:00Z"));

    const response = stalledResponse();
    // 1 KiB allowed unsent: the diff (40 updates and a leave, about 2 KiB) is more than that.
    const resuming = new Subscriber({ response, key: "k", keyId: "id", lastEventId: "elsewhere.7~point", maxBufferedBytes: 1024, onClose: () => {} });
    q.waiting.push(resuming);
    const changed = new Set([...members.map((member) => member.id), 999]);
    q.applySnapshot(members, new Date("2026-11-24T10:01:00Z"), new Map(), new Map([[resuming, { changed, earlier: null }]]), { dataHash: "d", watermarkMs: 0 });
    resuming.start();

    expect(resuming.closed).toBe(false);
    expect(events(response)).toEqual([...members.map(() => "update"), "leave"]);
    const ids = [...response.sent.join("").matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
    expect(ids).toEqual([...members.map(() => "elsewhere.7~point"), q.lastEventId]);
    expect(resuming.eventsSent).toBe(41);
  });
});
