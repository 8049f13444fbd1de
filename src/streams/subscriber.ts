import type { ResumePoint } from "./resume-point.js";
import type { ServerResponse } from "node:http";
import { closeReason, dropsUnsent, type CloseReason } from "./close-reason.js";
import { frameBytes, type SseFrame } from "./sse-frames.js";

/**
 * Heap each unsent write holds besides its bytes (Node's write queue entry, and with HTTP/1.1
 * chunked encoding the chunk's size line): a few hundred bytes for a write to a socket that does
 * not read, less when corked (docs/streams.md, "What bounds memory", has the figures). A
 * thousand slow clients each behind by a thousand small events hold hundreds of megabytes of
 * these while their bytes are a fraction of it: the bytes alone are the wrong measure of what a
 * slow client costs.
 */
export const HEAP_PER_UNSENT_WRITE = 280;

/**
 * One open stream: the client's connection and what it was opened with. Until the route
 * has written the response head, what the standing query sends (its snapshot, and any event
 * after it) waits here, so nothing issued between the snapshot and the first byte is lost.
 *
 * A client that does not read cannot make the service hold its events without end: past
 * `maxBufferedBytes` unsent bytes beyond its snapshot the connection is dropped with a logged
 * reason, and the other subscribers of the query, which share the same event bytes, are not
 * held up. The snapshot itself does not count until the socket has taken it: a large result
 * set (a thousand fixtures with odds is over 8 MiB) on a slow link is not a slow client.
 */
export type SubscriberOptions = {
  /** The client's connection; nothing is written to it before `start()`. */
  response: ServerResponse;
  /** The presented key, checked again while the stream is open (a revoked key ends it). */
  key: string;
  /** The key's id: streams are counted per key. */
  keyId: string;
  /** The id of the last event the client saw (`Last-Event-ID`), if it reconnects. */
  lastEventId: string | null;
  maxBufferedBytes: number;
  /** Told once, when the stream ends, with the reason. */
  onClose: (subscriber: Subscriber, reason: CloseReason) => void;
};

export class Subscriber {
  readonly key: string;
  readonly keyId: string;
  readonly lastEventId: string | null;
  /**
   * Where the client stands when its `Last-Event-ID` came from another instance (or a restart)
   * and is recent enough: it gets what changed since instead of a snapshot (resume-point.ts).
   */
  resumeFrom: ResumePoint | null = null;
  readonly openedAt = Date.now();
  lastWriteAt = Date.now();
  eventsSent = 0;
  #started = false;
  #pending: Buffer[] = [];
  /** Writes since the socket last had nothing queued (an upper bound on the writes it holds). */
  #queuedWrites = 0;
  #closed = false;
  /** Unsent bytes that are the snapshot: forgiven until the socket drains once. */
  #snapshotAllowance = 0;

  constructor(private readonly options: SubscriberOptions) {
    this.key = options.key;
    this.keyId = options.keyId;
    this.lastEventId = options.lastEventId;
    // Also while it waits for its snapshot: a client that leaves then frees its place at once.
    // One that left before this point (while its key was looked up) will send no close event.
    options.response.once("close", () => this.close(closeReason("client-closed", "client closed the stream")));
    options.response.on("drain", () => {
      this.#snapshotAllowance = 0;
      this.#queuedWrites = 0;
    });
    if (options.response.destroyed || options.response.socket?.destroyed) {
      queueMicrotask(() => this.close(closeReason("client-closed", "client closed the stream")));
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * What this stream holds in memory for its client: the bytes written and not yet taken by the
   * socket, and the heap each of those writes keeps (HEAP_PER_UNSENT_WRITE).
   */
  get unsentBytes(): number {
    if (this.#closed) return 0;
    if (!this.#started) return this.#pending.reduce((sum, chunk) => sum + chunk.length + HEAP_PER_UNSENT_WRITE, 0);
    const queued = this.options.response.writableLength;
    if (queued === 0) this.#queuedWrites = 0;
    return queued + this.#queuedWrites * HEAP_PER_UNSENT_WRITE;
  }

  /** Starts writing to the connection, after its head was sent; what waited goes first. */
  start(): void {
    this.#started = true;
    const pending = this.#pending;
    this.#pending = [];
    for (const chunk of pending) this.write(chunk, false);
  }

  /**
   * Writes the snapshot: its bytes do not count against the slow-client limit until they drained.
   * A resume's diff, which stands for one, is written the same way, as its `events` events.
   */
  writeSnapshot(frame: SseFrame, events = 1): void {
    if (this.#closed) return;
    // What the snapshot holds until the socket takes it: its bytes and its writes' heap.
    const held = frameBytes(frame) + frame.length * HEAP_PER_UNSENT_WRITE;
    if (!this.#started) {
      this.eventsSent += events;
      this.#pending.push(...frame);
      this.#snapshotAllowance += held;
      return;
    }
    this.#snapshotAllowance = this.unsentBytes + held;
    // Corked, the snapshot's many chunks leave in one write (and wait as one, if the socket is full).
    this.cork();
    this.write(frame, false);
    this.eventsSent += events;
    this.uncork();
  }

  /** Queues or writes bytes shared with the query's other subscribers (never copied): one Buffer, or an event's chunks. */
  write(frame: Buffer | SseFrame, counts = true): void {
    if (this.#closed) return;
    if (counts) this.eventsSent += 1;
    if (!this.#started) {
      if (Buffer.isBuffer(frame)) this.#pending.push(frame);
      else this.#pending.push(...frame);
      return;
    }
    const { response } = this.options;
    const beyondSnapshot = this.unsentBytes - this.#snapshotAllowance;
    if (beyondSnapshot > this.options.maxBufferedBytes) {
      this.close(closeReason("slow-client", `slow client: ${beyondSnapshot} bytes unsent beyond its snapshot (limit ${this.options.maxBufferedBytes})`));
      return;
    }
    this.lastWriteAt = Date.now();
    const chunks = Buffer.isBuffer(frame) ? [frame] : frame;
    for (const chunk of chunks) response.write(chunk);
    this.#queuedWrites += chunks.length;
  }

  /** Holds this round's writes back until uncork(), so they reach the socket together. */
  cork(): void {
    if (this.#started && !this.#closed) this.options.response.cork();
  }

  uncork(): void {
    if (this.#started && !this.#closed) this.options.response.uncork();
  }

  /** Ends the stream (the reason is logged by the owner); a second call does nothing. */
  close(reason: CloseReason): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = [];
    const { response } = this.options;
    // Before start() the route still owns the response (it answers an error instead).
    if (this.#started && !response.destroyed) {
      if (dropsUnsent(reason)) response.destroy();
      else response.end();
    }
    this.options.onClose(this, reason);
  }
}
