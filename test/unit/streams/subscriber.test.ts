import type { ServerResponse } from "node:http";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { closeReason, type CloseReason } from "../../../src/streams/close-reason.js";
import { HEAP_PER_UNSENT_WRITE, Subscriber } from "../../../src/streams/subscriber.js";

/** A response whose socket takes nothing until `drain()`: every written byte stays unsent. */
function stalledResponse() {
  const response = Object.assign(new EventEmitter(), {
    writableLength: 0,
    destroyed: false,
    ended: false,
    write(chunk: Buffer) {
      response.writableLength += chunk.length;
      return false;
    },
    end() {
      response.ended = true;
    },
    destroy() {
      response.destroyed = true;
    },
    cork() {},
    uncork() {},
    drain() {
      response.writableLength = 0;
      response.emit("drain");
    },
  });
  return response;
}

const MiB = 1024 * 1024;

function subscriber(response: ReturnType<typeof stalledResponse>, closed: CloseReason[]): Subscriber {
  const created = new Subscriber({
    response: response as unknown as ServerResponse,
    key: "k",
    keyId: "id",
    lastEventId: null,
    maxBufferedBytes: 8 * MiB,
    onClose: (_, reason) => closed.push(reason),
  });
  created.start();
  return created;
}

describe("Subscriber's slow-client limit", () => {
  it("does not count a large snapshot the socket has not taken yet: the next event does not drop a healthy client", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = subscriber(response, closed);
    client.writeSnapshot([Buffer.alloc(9 * MiB)]);
    client.write([Buffer.alloc(1024)]);
    expect(closed).toEqual([]);
    expect(client.closed).toBe(false);
  });

  it("drops a client that leaves more than the limit unsent beyond its snapshot, without flushing it", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = subscriber(response, closed);
    client.writeSnapshot([Buffer.alloc(9 * MiB)]);
    client.write([Buffer.alloc(8 * MiB + 1)]);
    client.write([Buffer.alloc(1)]);
    expect(closed.map((reason) => reason.kind)).toEqual(["slow-client"]);
    expect(response.destroyed).toBe(true);
    expect(response.ended).toBe(false);
  });

  it("counts the heap each unsent write holds: a client behind by many small events is slow before their bytes reach the limit", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = subscriber(response, closed);
    const leave = Buffer.alloc(60);
    const writes = Math.ceil((8 * MiB) / (leave.length + HEAP_PER_UNSENT_WRITE)) + 1;
    for (let i = 0; i < writes && !client.closed; i++) client.write(leave);
    expect(response.writableLength).toBeLessThan(2 * MiB);
    expect(closed.map((reason) => reason.kind)).toEqual(["slow-client"]);
  });

  it("counts what it holds unsent as bytes plus each write's heap, and nothing once the socket took it all", () => {
    const response = stalledResponse();
    const client = subscriber(response, []);
    client.write([Buffer.alloc(100), Buffer.alloc(50)]);
    client.write(Buffer.alloc(10));
    expect(client.unsentBytes).toBe(160 + 3 * HEAP_PER_UNSENT_WRITE);
    response.drain();
    expect(client.unsentBytes).toBe(0);
    client.write(Buffer.alloc(10));
    expect(client.unsentBytes).toBe(10 + HEAP_PER_UNSENT_WRITE);
  });

  it("forgives a snapshot of many chunks queued before the stream started, writes' heap included", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = new Subscriber({
      response: response as unknown as ServerResponse,
      key: "k",
      keyId: "id",
      lastEventId: null,
      maxBufferedBytes: 16 * 1024,
      onClose: (_, reason) => closed.push(reason),
    });
    client.writeSnapshot(Array.from({ length: 2_000 }, () => Buffer.alloc(10)));
    client.start();
    client.write(Buffer.alloc(10));
    expect(closed).toEqual([]);
  });

  it("counts everything unsent once the socket drained after the snapshot", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = subscriber(response, closed);
    client.writeSnapshot([Buffer.alloc(9 * MiB)]);
    response.drain();
    client.write([Buffer.alloc(8 * MiB + 1)]);
    client.write([Buffer.alloc(1)]);
    expect(closed.map((reason) => reason.kind)).toEqual(["slow-client"]);
  });
});

describe("Subscriber's close reasons", () => {
  it("decides by the reason's kind, never by its wording", () => {
    const response = stalledResponse();
    const closed: CloseReason[] = [];
    const client = subscriber(response, closed);
    client.close(closeReason("client-closed", "slow client: words that once chose destroy()"));
    expect(response.ended).toBe(true);
    expect(response.destroyed).toBe(false);
    expect(closed).toEqual([{ kind: "client-closed", detail: "slow client: words that once chose destroy()" }]);
  });
});
