import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import { clientErrorKind, isAlreadyExists } from "./errors.js";
import type { IndexNames } from "./index-names.js";
import { replicaSettings } from "./replicas.js";

/**
 * A lease lets one process at a time do a job on a prefix:
 * - `startup`: one `npm start` prepares the data (the rebuild when it is missing or built with
 *   older mappings, and the first API key); a second instance started beside it waits, then
 *   finds the data ready instead of building it again and printing a second "first" key.
 * - `rebuild`: one rebuild or rollback at a time changes the versions and aliases. Two at once
 *   would delete each other's versions (and could leave every alias pointing at nothing).
 * - `writer`: one process at a time runs the live feed (the simulator) and what follows its
 *   writes (bet-builder repricing, standings); the others wait and take over (live/live-writer.ts).
 *   It is held with a short heartbeat and staleness (WRITER_HEARTBEAT_MS, WRITER_STALE_AFTER_MS),
 *   and its holder checks `mayWrite` before every write (docs/operations.md, "One writer").
 *
 * A lease is one document (`<prefix>_locks/<name>`), created with op_type create, so only
 * one process gets it. Its holder rewrites it every `heartbeatMs`; a waiter takes it over,
 * with a write conditional on the sequence number it saw, when that number has not moved for
 * `staleAfterMs` of the waiter's own clock (a holder that was killed), so clocks of different
 * machines never need to agree. The default leaves room for the longest stretch a holder's
 * event loop may be busy; the rebuild yields to it between batches of documents.
 */
export type LeaseName = "startup" | "rebuild" | "writer";

/** What a waiter is told the holder is doing, by lease. */
const PURPOSE: Record<LeaseName, string> = {
  startup: "preparing the data",
  rebuild: "its rebuild (or rollback)",
  writer: "writing the live feed",
};

export type LeaseOptions = {
  /** Who holds it, as shown to waiters (host and pid by default). */
  holder?: string;
  heartbeatMs?: number;
  staleAfterMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
  /** Added to the line that says whose turn this one waits for: what the person who started it can do. */
  whileWaiting?: string;
  /** Called once when a heartbeat finds the lease taken over (the holder stops its work). */
  onLost?: () => void;
  /** Stops waiting: `acquire` then rejects with the signal's reason. */
  signal?: AbortSignal;
};

const DEFAULTS = { heartbeatMs: 5_000, staleAfterMs: 120_000, pollMs: 1_000 };

type Held = { seqNo: number; primaryTerm: number };

export class LeaseLostError extends Error {}

/** Leases this process has asked for, to name each holder apart. */
let acquisitions = 0;

export class Lease {
  private heartbeat: NodeJS.Timeout | undefined;
  /** The heartbeat write in flight: release waits for it, or it would delete a version the beat has just replaced. */
  private beating: Promise<void> | undefined;
  private lost = false;
  /**
   * When (this process's monotonic clock) the write that last confirmed the lease was sent. A
   * waiter starts counting `staleAfterMs` only once it has read that write, so until
   * `confirmedSentAt + staleAfterMs` nobody can have taken the lease over (see mayWrite).
   */
  private confirmedSentAt: number;

  private constructor(
    private readonly es: Client,
    private readonly index: string,
    private readonly name: LeaseName,
    /** Who holds it, as waiters see it. */
    readonly holder: string,
    private held: Held,
    private readonly timing: { heartbeatMs: number; staleAfterMs: number },
    private readonly log: (line: string) => void,
    private readonly onLost: () => void,
    sentAt: number,
  ) {
    this.confirmedSentAt = sentAt;
  }

  /** Waits until this process holds the lease `name` of `names.prefix`, then keeps it alive until `release`. */
  static async acquire(es: Client, names: IndexNames, name: LeaseName, options: LeaseOptions = {}): Promise<Lease> {
    const { heartbeatMs, staleAfterMs, pollMs } = { ...DEFAULTS, ...options };
    const timing = { heartbeatMs, staleAfterMs };
    const onLost = options.onLost ?? (() => {});
    // Unique per acquisition: two leases of one process (two rebuilds started in it) are two holders.
    const holder = options.holder ?? `${hostname()} pid ${process.pid}${++acquisitions > 1 ? ` #${acquisitions}` : ""}`;
    const log = options.log ?? (() => {});
    const index = `${names.prefix}_locks`;
    await es.indices.create({ index, settings: { number_of_shards: 1, ...replicaSettings("auto") } }).catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error;
    });
    let seen: { seqNo: number; since: number } | undefined;
    for (;;) {
      options.signal?.throwIfAborted();
      let sentAt = performance.now();
      const created = await writeLease(es, index, name, holder, null);
      if (created) return new Lease(es, index, name, holder, created, timing, log, onLost, sentAt).keepAlive(heartbeatMs);
      const current = await es.get<{ holder?: string }>({ index, id: name }, { ignore: [404] });
      if (!current.found) continue; // released between the two calls: try again at once
      const seqNo = current._seq_no!;
      if (seen?.seqNo !== seqNo) {
        if (!seen) log(`Waiting for ${current._source?.holder ?? "another instance"} to finish ${PURPOSE[name]} ` +
          `(taken over if it shows no sign of life for ${Math.round(staleAfterMs / 1000)} s)${options.whileWaiting ? `. ${options.whileWaiting}` : ""}`);
        seen = { seqNo, since: Date.now() };
      } else if (Date.now() - seen.since >= staleAfterMs) {
        sentAt = performance.now();
        const taken = await writeLease(es, index, name, holder, { seqNo, primaryTerm: current._primary_term! });
        if (taken) {
          log(`Took over the ${name} lease of ${current._source?.holder ?? "another instance"}: no sign of life for ${Math.round(staleAfterMs / 1000)} s`);
          return new Lease(es, index, name, holder, taken, timing, log, onLost, sentAt).keepAlive(heartbeatMs);
        }
        seen = undefined;
      }
      await sleep(pollMs, undefined, options.signal ? { signal: options.signal } : {});
    }
  }

  /** Runs `work` holding the lease `name` (waiting for it first), and gives it back however `work` ends. */
  static async hold<T>(es: Client, names: IndexNames, name: LeaseName, options: LeaseOptions, work: (lease: Lease) => Promise<T>): Promise<T> {
    const lease = await Lease.acquire(es, names, name, options);
    try {
      return await work(lease);
    } finally {
      await lease.release();
    }
  }

  /**
   * The lease document's version when it names this process as its holder: a heartbeat the
   * client retried after the node had applied it meets a conflict with its own write.
   */
  private async ownWrite(): Promise<Held | null> {
    const current = await this.es.get<{ holder?: string }>({ index: this.index, id: this.name }, { ignore: [404] });
    if (!current.found || current._source?.holder !== this.holder) return null;
    return { seqNo: current._seq_no!, primaryTerm: current._primary_term! };
  }

  /**
   * Whether this process still holds the lease, confirmed by a write conditional on the version
   * it last wrote (not only by the last heartbeat: a process frozen past the staleness limit
   * learns here that it was taken over). A holder asks before each step that must not run twice
   * at once (a swap, a delete). A write that fails for another reason is not a loss.
   */
  async stillHeld(): Promise<boolean> {
    await this.beating;
    await this.beat();
    return !this.lost;
  }

  /**
   * Whether this process may still write as the holder, without asking Elasticsearch: the lease
   * is not known lost, and the last confirming write was sent less than `staleAfterMs` minus one
   * heartbeat ago (the margin a write sent now has to land before a waiter could take over).
   * A holder frozen past that, or whose heartbeats fail, stops writing until a heartbeat confirms
   * the lease again (or finds it lost).
   */
  mayWrite(): boolean {
    return !this.lost && performance.now() - this.confirmedSentAt < this.timing.staleAfterMs - this.timing.heartbeatMs;
  }

  /** Throws unless `stillHeld`. */
  async assertHeld(): Promise<void> {
    if (!(await this.stillHeld())) throw new LeaseLostError(`The ${this.name} lease was taken over by another process; this one stops here`);
  }

  /** Gives the lease back (when it is still this process's), so a waiter goes on at once. */
  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.beating;
    if (this.lost) return;
    await this.es.delete(
      { index: this.index, id: this.name, if_seq_no: this.held.seqNo, if_primary_term: this.held.primaryTerm },
      { ignore: [404, 409] },
    );
  }

  private keepAlive(heartbeatMs: number): this {
    this.heartbeat = setInterval(() => {
      if (this.beating) return;
      this.beating = this.beat().finally(() => (this.beating = undefined));
    }, heartbeatMs);
    this.heartbeat.unref();
    return this;
  }

  private async beat(): Promise<void> {
    if (this.lost) return;
    const sentAt = performance.now();
    try {
      const next = (await writeLease(this.es, this.index, this.name, this.holder, this.held)) ?? (await this.ownWrite());
      if (next) {
        this.held = next;
        this.confirmedSentAt = sentAt;
      } else {
        this.lost = true;
        clearInterval(this.heartbeat);
        this.log(`Lost the ${this.name} lease: another process took it over after a long silence of this one`);
        this.onLost();
      }
    } catch {
      // A missed heartbeat is retried by the next one; only a conflict means the lease is gone.
    }
  }
}

/**
 * Writes the lease document: a create when `after` is null, else a rewrite conditional on the
 * version `after`. Null when another instance's write came first (409).
 */
async function writeLease(es: Client, index: string, name: LeaseName, holder: string, after: Held | null): Promise<Held | null> {
  const document = { holder, written_at: new Date().toISOString() };
  try {
    const answer = after
      ? await es.index({ index, id: name, document, if_seq_no: after.seqNo, if_primary_term: after.primaryTerm })
      : await es.create({ index, id: name, document });
    return { seqNo: answer._seq_no!, primaryTerm: answer._primary_term! };
  } catch (error) {
    if (clientErrorKind(error) === "conflict") return null;
    throw error;
  }
}
