/**
 * One writer of the live feed per index prefix: every process started with the simulator
 * contends for the `writer` lease (store/lease.ts); the one holding it runs the simulator and
 * its follow-ups (repricing, standings), the others wait and take over when it stops (its
 * release hands over at once) or dies (its heartbeat stops; taken over after the staleness).
 *
 * A new writer goes on with its predecessor's match clock (stored beside the lease,
 * store/writer-clock.ts; match-clock.ts), starts every fixture from the update its stored
 * state carries (simulator.ts), and repeats the follow-ups of what was written just before it
 * took over. Before every write it asks the lease whether it may still write (`mayWrite`), so
 * a writer that was frozen or cut off stops before its next write (docs/operations.md, "One writer").
 */
import { hostname } from "node:os";
import type { Client } from "@elastic/elasticsearch";
import { DEFAULT_WRITER_LEASE } from "../config.js";
import type { IndexNames } from "../store/index-names.js";
import { Lease } from "../store/lease.js";
import { readWriterClock, writeWriterClock, type ClockVersion } from "../store/writer-clock.js";
import { chooseClock, matchTimeAt, type MatchClock } from "./match-clock.js";
import { LiveSimulator, type AppliedUpdate, type UpdatePhase } from "./simulator.js";

/** Heartbeat, staleness and the waiters' poll of the writer lease (WRITER_HEARTBEAT_MS, WRITER_STALE_AFTER_MS). */
export type WriterTiming = { heartbeatMs: number; staleAfterMs: number; pollMs: number };

/**
 * A killed writer is taken over within staleAfterMs + pollMs of its last heartbeat (10.5 s),
 * inside the 15 s the fail-over target allows, with room for the first tick. The heartbeat
 * beats five times per staleness, so two or three lost heartbeats (a slow node) cost nothing.
 */
export const DEFAULT_WRITER_TIMING: WriterTiming = { ...DEFAULT_WRITER_LEASE, pollMs: 500 };

/**
 * A successor continues the stored clock when its writer was alive this recently (a fail-over
 * takes staleAfterMs); an older clock belongs to a service that was stopped, and a new clock
 * starts at "now", as a first start does.
 */
export const CLOCK_RESUME_WITHIN_MS = 60_000;

export type LiveWriterOptions = {
  speed: number;
  tickMs: number;
  /** Where a fresh match clock starts (default: now). */
  startAt?: Date;
  timing?: WriterTiming;
  /** Who this process is, as the lease, the clock and the update log name it (host and pid by default). */
  holder?: string;
  /** Stop after this much real time (`npm run simulate --duration`), or once the slate is empty (`--until-idle`). */
  durationMs?: number;
  untilIdle?: boolean;
  log: (line: string) => void;
  /** Said once when another process holds the feed (the lease's `whileWaiting`). */
  whileWaiting?: string;
  /** Told when this process becomes (true) or stops being (false) the writer. */
  onRole?: (writer: boolean) => void;
  /** Told of every update this process sends and writes (update-log.ts records them). */
  onUpdate?: (update: AppliedUpdate, phase: UpdatePhase) => void;
};

export class LiveWriter {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  private writing = false;
  /** The lease while this process holds it. */
  private lease: Lease | undefined;
  readonly holder: string;
  private readonly timing: WriterTiming;

  constructor(
    private readonly es: Client,
    private readonly names: IndexNames,
    private readonly options: LiveWriterOptions,
  ) {
    this.holder = options.holder ?? `${hostname()} pid ${process.pid}`;
    this.timing = options.timing ?? DEFAULT_WRITER_TIMING;
  }

  /** Whether this process is the writer now and may write (a holder whose lease is unconfirmed, e.g. just woken from a freeze, is not). */
  get isWriter(): boolean {
    return this.writing && (this.lease?.mayWrite() ?? false);
  }

  /** Contends for the lease and writes while holding it, until `stop` (or the duration ends). */
  start(): this {
    this.running ??= this.contend();
    return this;
  }

  /** Resolves when contending and writing ended (stopped, or the duration or slate ran out). */
  get done(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Finishes the tick under way, gives the lease back (a waiter takes over at once) and ends. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async contend(): Promise<void> {
    const { log } = this.options;
    const endsAt = this.options.durationMs === undefined ? Infinity : Date.now() + this.options.durationMs;
    const signal = this.stopping.signal;
    while (!signal.aborted && Date.now() < endsAt) {
      const turn = new AbortController();
      let lease: Lease;
      try {
        lease = await Lease.acquire(this.es, this.names, "writer", {
          ...this.timing,
          holder: this.holder,
          log,
          ...(this.options.whileWaiting ? { whileWaiting: this.options.whileWaiting } : {}),
          signal,
          onLost: () => turn.abort(new Error("lost the writer lease")),
        });
      } catch (error) {
        if (signal.aborted) return;
        log(`could not contend for the writer lease, trying again: ${(error as Error).message}`);
        await sleep(this.timing.pollMs, signal);
        continue;
      }
      let idle = false;
      this.lease = lease;
      try {
        idle = await this.writeWhileHolding(lease, turn, endsAt);
      } catch (error) {
        log(`writing stopped: ${(error as Error).message}`);
      } finally {
        this.lease = undefined;
        this.setRole(false, signal.aborted ? "stopping" : turn.signal.aborted ? "lost the lease" : "its run ended");
        await lease.release().catch((error: unknown) => log(`could not give the writer lease back (taken over after ${this.timing.staleAfterMs} ms): ${(error as Error).message}`));
      }
      if (idle) return;
      // Lost, or failed to start writing (Elasticsearch away): contend again after a poll, not in a tight loop.
      await sleep(this.timing.pollMs, signal);
    }
  }

  /** Runs the simulator as the writer until stopped, the lease is lost or the run ends; true when the slate ran empty (`untilIdle`). */
  private async writeWhileHolding(lease: Lease, turn: AbortController, endsAt: number): Promise<boolean> {
    const { log } = this.options;
    const onStop = () => turn.abort(new Error("stopping"));
    this.stopping.signal.addEventListener("abort", onStop, { once: true });
    if (this.stopping.signal.aborted) onStop(); // stopped while the lease was being granted
    try {
      const { clock, version, how, predecessorAliveAt } = await this.takeClock();
      this.setRole(true, `match clock ${how}: ${new Date(matchTimeAt(clock, Date.now())).toISOString()} at ${clock.speed}x real time`);
      const simulator = new LiveSimulator(this.es, this.names, {
        tickMs: this.options.tickMs,
        clock,
        mayWrite: () => lease.mayWrite() && !turn.signal.aborted,
        ...(this.options.onUpdate ? { onUpdate: this.options.onUpdate } : {}),
        log,
      });
      if (predecessorAliveAt !== null) {
        // Its last writes came after its last sign of life; a staleness before it leaves room for owed follow-ups.
        const since = new Date(predecessorAliveAt - this.timing.staleAfterMs);
        const followedUp = await simulator.followUpWrittenSince(since).catch((error: unknown) => {
          log(`repeating the follow-ups of the predecessor's last writes failed (the next writes of those fixtures repeat them): ${(error as Error).message}`);
          return 0;
        });
        log(`repeated the follow-ups of ${followedUp} fixture(s) the predecessor wrote since ${since.toISOString()}`);
      }
      const keepClock = this.keepClockAlive(clock, version, lease, turn);
      try {
        await simulator.run({
          signal: turn.signal,
          ...(this.options.untilIdle ? { untilIdle: true } : {}),
          ...(Number.isFinite(endsAt) ? { durationMs: Math.max(0, endsAt - Date.now()) } : {}),
        });
      } finally {
        clearInterval(keepClock);
      }
      return !turn.signal.aborted && this.options.untilIdle === true && simulator.size === 0;
    } finally {
      this.stopping.signal.removeEventListener("abort", onStop);
    }
  }

  /** The clock this writer goes on with (match-clock.ts chooses), stored for its successor. */
  private async takeClock(): Promise<{ clock: MatchClock; version: ClockVersion; how: string; predecessorAliveAt: number | null }> {
    const stored = await readWriterClock(this.es, this.names);
    const wallNowMs = Date.now();
    const previous = stored
      ? { clock: { matchEpochMs: stored.clock.match_epoch_ms, wallEpochMs: stored.clock.wall_epoch_ms, speed: stored.clock.speed }, aliveAtMs: stored.clock.alive_at_ms }
      : null;
    const { clock, how } = chooseClock(previous, {
      wallNowMs,
      speed: this.options.speed,
      resumeWithinMs: CLOCK_RESUME_WITHIN_MS,
      ...(this.options.startAt ? { startAtMs: this.options.startAt.getTime() } : {}),
    });
    const version = await writeWriterClock(this.es, this.names, this.storedClock(clock), null);
    if (!version) throw new Error("the writer clock changed while it was being set");
    return {
      clock,
      version,
      how: how !== "fresh" && stored ? `${how} from ${stored.clock.writer}` : how,
      predecessorAliveAt: how !== "fresh" && stored ? stored.clock.alive_at_ms : null,
    };
  }

  /**
   * Marks the clock alive every heartbeat, conditionally on this writer's last version: a
   * conflict means another writer set its own clock, so this one is no longer the writer.
   */
  private keepClockAlive(clock: MatchClock, version: ClockVersion, lease: Lease, turn: AbortController): NodeJS.Timeout {
    let current = version;
    let inFlight = false;
    const timer = setInterval(() => {
      if (inFlight || !lease.mayWrite()) return;
      inFlight = true;
      writeWriterClock(this.es, this.names, this.storedClock(clock), current)
        .then((next) => {
          if (next) current = next;
          else turn.abort(new Error("another writer set the match clock"));
        })
        .catch(() => {}) // a missed beat: the next one tries again
        .finally(() => (inFlight = false));
    }, this.timing.heartbeatMs);
    timer.unref();
    return timer;
  }

  private storedClock(clock: MatchClock) {
    return { match_epoch_ms: clock.matchEpochMs, wall_epoch_ms: clock.wallEpochMs, speed: clock.speed, writer: this.holder, alive_at_ms: Date.now() };
  }

  private setRole(writer: boolean, why: string): void {
    if (writer === this.writing) return;
    this.writing = writer;
    this.options.log(writer ? `this instance is the writer now (${why})` : `this instance is no longer the writer (${why})`);
    this.options.onRole?.(writer);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
