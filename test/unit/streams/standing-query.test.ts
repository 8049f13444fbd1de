import type { ServerResponse } from "node:http";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { StandingQuery, type FixtureHit } from "../../../src/streams/standing-query.js";
import { Subscriber } from "../../../src/streams/subscriber.js";

/** A response that records what it was sent (never slow). */
function recordingResponse(): ServerResponse & { sent: string[] } {
  const response = Object.assign(new EventEmitter(), {
    sent: [] as string[],
    writableLength: 0,
    destroyed: false,
    write(chunk: Buffer) {
      response.sent.push(chunk.toString());
      return true;
    },
    end() {},
    destroy() {},
  });
  return response as unknown as ServerResponse & { sent: string[] };
}

function subscriber(response: ServerResponse): Subscriber {
  const created = new Subscriber({ response, key: "k", keyId: "id", lastEventId: null, maxBufferedBytes: 1 << 20, onClose: () => {} });
  created.start();
  return created;
}

const hit = (id: number, seqNo: number, withSource = true): FixtureHit =>
  ({ _index: "fixtures_v1", _id: String(id), _seq_no: seqNo, _primary_term: 1, ...(withSource ? { _source: { id, seq: seqNo } } : {}) }) as unknown as FixtureHit;

function query(): StandingQuery {
  return new StandingQuery("q1", { key: "k", request: () => ({ index: "fixtures" }), present: (fixture) => [Buffer.from(JSON.stringify(fixture.doc))] }, 100);
}

const events = (response: { sent: string[] }) => response.sent.map((text) => /event: (\w+)/.exec(text)?.[1]);

describe("StandingQuery", () => {
  it("snapshots the waiting subscribers in the answer's order, then sends the differences to everyone", () => {
    const q = query();
    const first = recordingResponse();
    q.waiting.push(subscriber(first));
    q.applyFull([hit(2, 1), hit(1, 1)], new Date("2026-11-24T10:00:00Z"));
    expect(events(first)).toEqual(["snapshot"]);
    expect(first.sent[0]).toContain('data: {"fixtures":[{"id":2,"seq":1},{"id":1,"seq":1}],"at":"2026-11-24T10:00:00.000Z"}');

    const second = recordingResponse();
    q.waiting.push(subscriber(second));
    q.applyFull([hit(1, 2), hit(3, 1)], new Date());
    expect(events(first)).toEqual(["snapshot", "update", "enter", "leave"]);
    expect(events(second)).toEqual(["snapshot"]);
    expect(q.memberIds.sort()).toEqual([1, 3]);
  });

  it("lets a membership check send what left at once and read what entered or changed next round", () => {
    const q = query();
    const response = recordingResponse();
    q.waiting.push(subscriber(response));
    q.applyFull([hit(1, 1), hit(2, 1)], new Date());
    q.applyMembership([hit(2, 1, false), hit(3, 1, false)], new Date());
    expect(events(response)).toEqual(["snapshot", "leave"]);
    expect([...q.pending]).toEqual([3]);
    q.applyMembership([hit(2, 5, false), hit(3, 1, false)], new Date());
    expect([...q.pending].sort()).toEqual([2, 3]);
  });

  it("replays what a reconnecting client missed after its last event id, and only from this query", () => {
    const q = query();
    const response = recordingResponse();
    q.waiting.push(subscriber(response));
    q.applyFull([hit(1, 1)], new Date());
    const afterSnapshot = q.lastEventId;
    q.applyChanges([1], [hit(1, 2)]);
    q.applyChanges([1], []);
    expect(q.replaySince(afterSnapshot)?.map((bytes) => /event: (\w+)/.exec(bytes.toString())?.[1])).toEqual(["update", "leave"]);
    expect(q.replaySince(q.lastEventId)).toEqual([]);
    expect(q.replaySince("other.1")).toBeNull();
    expect(q.replaySince(null)).toBeNull();
  });
});
