import { Agent } from "node:http";
import { ClientState } from "./client-state.js";
import { EventDecoder } from "./event-decoder.js";
import { LatencyHistogram } from "./latency-histogram.js";
import type { InstanceFigures, OpenReply, StreamClientSpec, StreamsReply } from "./protocol.js";
import { SseConnection } from "./sse-connection.js";

/** Decoding runs in slices of at most this long between socket reads (see `receive`). */
const DECODE_SLICE_MS = 5;
/** Bytes of event data waiting to be decoded at most: past it events are decoded as they come (the load process is then what is measured). */
const INBOX_MAX_BYTES = 64 * 1024 * 1024;

type Received = { client: Client; type: string; id: string; data: string; arrived: number };

type Client = {
  spec: StreamClientSpec;
  instance: number;
  state: ClientState;
  openedAt: number;
  snapshotMs: number | null;
  /** Connections that answered with an event stream, and snapshots received: beyond the first of each, a reconnect and a resnapshot. */
  opens: number;
  snapshots: number;
  /** Whether its stream is open now (between an open and a drop). */
  connected: boolean;
  refused: { status: number; body: string } | null;
};

/**
 * The stream clients of one phase, in this (load) process: each applies its events to the
 * fixtures it holds and records, for every enter and update written during the measured
 * window, the time from the fixture's `updated_at` (written by the simulator on this
 * machine's clock) to the event's arrival.
 */
export class StreamClients {
  readonly clients: Client[] = [];
  private readonly connections: SseConnection[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  private readonly decoder = new EventDecoder();
  private latency: LatencyHistogram[] = [];
  private events: number[] = [];
  private measuringSince = Date.now();
  private drops = new Map<string, number>();
  /** Events arrived and not yet decoded, oldest first from `inboxHead`. */
  private inbox: Received[] = [];
  private inboxHead = 0;
  private inboxBytes = 0;
  private draining = false;
  /** When a stream last opened, and when an event last arrived (epoch ms): how long the clients took to settle. */
  private lastOpenAt = 0;
  lastEventAt = 0;

  constructor(
    key: string,
    specs: readonly StreamClientSpec[],
    readonly instanceUrls: readonly string[],
  ) {
    this.resetFigures();
    specs.forEach((spec, i) => {
      const instance = i % instanceUrls.length;
      const client: Client = { spec, instance, state: new ClientState(), openedAt: Date.now(), snapshotMs: null, opens: 0, snapshots: 0, connected: false, refused: null };
      const connection = new SseConnection(`${instanceUrls[instance]}${spec.streamPath}`, { "x-api-key": spec.key ?? key }, this.agent, {
        onOpen: () => {
          client.opens += 1;
          client.connected = true;
          this.lastOpenAt = Date.now();
        },
        onEvent: (type, id, data) => this.receive(client, type, id, data),
        onRefused: (status, body) => (client.refused = { status, body }),
        onDrop: (reason) => {
          client.connected = false;
          this.drops.set(reason, (this.drops.get(reason) ?? 0) + 1);
        },
      });
      this.clients.push(client);
      this.connections.push(connection);
    });
  }

  /** Resolves once every client holds its snapshot or was refused (or `timeoutMs` passed). */
  async opened(timeoutMs: number): Promise<OpenReply> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs && this.clients.some((c) => c.snapshotMs === null && c.refused === null)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const snapshots = new LatencyHistogram();
    for (const client of this.clients) if (client.snapshotMs !== null) snapshots.record(client.snapshotMs);
    const refused = this.clients.flatMap((c) => (c.refused ? [{ ...c.refused, streamPath: c.spec.streamPath }] : []));
    return { reply: "open", opened: snapshots.count, refused, snapshotMs: snapshots.sparse(), seconds: (Date.now() - started) / 1000 };
  }

  /** From now on events count: the connection ramp is not part of the steady state. */
  resetFigures(): void {
    this.latency = this.instanceUrls.map(() => new LatencyHistogram());
    this.events = this.instanceUrls.map(() => 0);
    this.drops.clear();
    this.measuringSince = Date.now();
  }

  get eventsSoFar(): number {
    return this.events.reduce((sum, n) => sum + n, 0);
  }

  get open(): number {
    return this.clients.filter((c) => c.snapshotMs !== null).length;
  }

  report(): StreamsReply {
    const instances: InstanceFigures[] = this.instanceUrls.map((instance, i) => ({
      instance,
      clients: this.clients.filter((c) => c.instance === i).length,
      events: this.events[i]!,
      latency: this.latency[i]!.sparse(),
    }));
    return {
      reply: "report",
      seconds: (Date.now() - this.measuringSince) / 1000,
      instances,
      drops: [...this.drops.values()].reduce((sum, n) => sum + n, 0),
      violations: this.clients.reduce((sum, c) => sum + c.state.violations, 0),
      dropReasons: [...this.drops],
      connected: this.clients.filter((c) => c.connected).length,
      lastOpenAt: this.lastOpenAt,
      lastEventAt: this.lastEventAt,
      reconnects: this.clients.reduce((sum, c) => sum + Math.max(0, c.opens - 1), 0),
      resnapshots: this.clients.reduce((sum, c) => sum + Math.max(0, c.snapshots - 1), 0),
    };
  }

  close(): void {
    for (const connection of this.connections) connection.close();
    this.agent.destroy();
  }

  /** Resolves once every event that arrived is decoded and applied (before any comparison or report). */
  async settled(): Promise<void> {
    while (this.draining) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * An event's arrival is when it is whole; decoding it and applying it to the client's state is
   * the generator's own work, done in slices between socket reads. Done at once, a thousand
   * snapshots arriving together were decoded one after the other before the next socket read,
   * so the last ones' "arrival" included the generator decoding all the others (a second and
   * more at 1,000 distinct queries): the service's figure, not the generator's, is wanted.
   */
  private receive(client: Client, type: string, id: string, data: string): void {
    this.lastEventAt = Date.now();
    this.inbox.push({ client, type, id, data, arrived: this.lastEventAt });
    this.inboxBytes += data.length;
    while (this.inboxBytes > INBOX_MAX_BYTES) this.applyNext();
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => this.drain());
  }

  /** Applies arrived events in order for at most DECODE_SLICE_MS, then lets the sockets be read again. */
  private drain(): void {
    const until = Date.now() + DECODE_SLICE_MS;
    while (this.inboxHead < this.inbox.length) {
      this.applyNext();
      if (Date.now() >= until) break;
    }
    if (this.inboxHead < this.inbox.length) {
      setImmediate(() => this.drain());
      return;
    }
    this.inbox = [];
    this.inboxHead = 0;
    this.draining = false;
  }

  /** Applies the oldest event waiting. */
  private applyNext(): void {
    const received = this.inbox[this.inboxHead]!;
    this.inbox[this.inboxHead] = undefined as never;
    this.inboxHead += 1;
    this.inboxBytes -= received.data.length;
    this.apply(received);
  }

  private apply({ client, type, id, data, arrived }: Received): void {
    const event = this.decoder.decode(type, id, data);
    if (event === null) return;
    if (event.type === "snapshot") {
      client.state.snapshot(event.fixtures);
      client.snapshots += 1;
      client.snapshotMs ??= arrived - client.openedAt;
      return;
    }
    if (arrived >= this.measuringSince) this.events[client.instance]! += 1;
    if (event.type === "leave") {
      client.state.leave(event.id);
      return;
    }
    client.state.change(event.fixture);
    // Only what a write of the measured window caused: a fixture that enters as a window moves
    // over it carries the updated_at of its last write, minutes or days ago, which is no latency.
    if (event.fixture.updatedAtMs >= this.measuringSince) this.latency[client.instance]!.record(arrived - event.fixture.updatedAtMs);
  }
}
