/**
 * The live simulator: moves every simulated fixture of the live slate along its match script
 * on a clock that runs `speed` times real time, and writes what changes through the update
 * path (apply-update.ts), one document write per fixture and tick, followed by the bet-builder
 * pricing and, at full time, the season's standings (follow-ups.ts). Kick-offs come on
 * schedule: NOT_STARTED fixtures are picked up `LOOKAHEAD_SECONDS` before they start. A
 * fixture leaves the simulator once it is written as finished.
 *
 * Each write carries its update's mark (the change key and match second, feed-mark.ts), so the
 * simulator starts from the key a fixture's stored state carries: a successor writer (one writer
 * at a time, live-writer.ts) neither applies an update again nor skips the next one.
 */
import type { Client } from "@elastic/elasticsearch";
import { isFinished } from "../domain/types/statuses.js";
import { aliasIdentity } from "../store/index-state.js";
import type { IndexNames } from "../store/index-names.js";
import { applyFixtureUpdate, FixtureNotFoundError, updateTarget, type UpdateResult, type UpdateTarget } from "./apply-update.js";
import { runFollowUps } from "./follow-ups.js";
import { changeOf, liveFixtureOf, projectionAt, type LiveFixture, type Projection } from "./live-fixture.js";
import { freshClock, matchTimeAt, type MatchClock } from "./match-clock.js";
import { readFeedWrittenSince, readLiveSlate } from "./slate.js";

export type SimulatorOptions = {
  /** Match seconds per real second (1 real time; 60 plays a match in about 1.5 minutes). */
  speed: number;
  /** Real milliseconds between ticks. */
  tickMs: number;
  /** Where the match clock starts (default: now). */
  startAt?: Date;
  /** The whole clock (a successor's: its predecessor's epoch and speed); overrides `startAt` and `speed`. */
  clock?: MatchClock;
  /**
   * Asked before every write and before the follow-ups: false when this process may no longer
   * write (it is not, or no longer surely, the writer). The step then stops writing; what it did
   * not write is written by the next step or by the successor. Default: always.
   */
  mayWrite?: () => boolean;
  /**
   * Told of every update as it is sent ("sending": it may or may not land, e.g. when the process
   * dies before the answer) and again once it was written ("applied"; not when it was found
   * already applied or changing nothing).
   */
  onUpdate?: (update: AppliedUpdate, phase: UpdatePhase) => void;
  log: (line: string) => void;
};

/** One update the simulator wrote: the fixture, its change key and match second, and what it showed. */
export type AppliedUpdate = { fixtureId: number; key: string; clockUnix: number; status: string; minute: number | null };
export type UpdatePhase = "sending" | "applied";

const DEFAULT_SIMULATOR_OPTIONS: SimulatorOptions = { speed: 1, tickMs: 1_000, log: () => {} };

/** How far ahead of the match clock NOT_STARTED fixtures are loaded. */
const LOOKAHEAD_SECONDS = 15 * 60;

/** Fixtures updated at once. */
const CONCURRENCY = 8;

export type StepReport = {
  /** Match clock of the step. */
  at: Date;
  fixtures: number;
  written: number;
  conflicts: number;
  finished: number[];
  betBuildersUpdated: number;
  failed: number;
  /** Writes (and follow-ups) left out because `mayWrite` said no. */
  fenced: number;
};

type Tracked = { fixture: LiveFixture; lastKey: string | null };

/** Reload the slate when the match clock moved this far since the last time (and at the first step). */
const RELOAD_EVERY_SECONDS = 60;

/** Bounds what an outage can pile up (a slate is a few dozen fixtures a tick). */
const MAX_OWED_FOLLOW_UPS = 10_000;

export class LiveSimulator {
  readonly options: SimulatorOptions;
  private readonly tracked = new Map<number, Tracked>();
  /** Where the writes go, with the team names every write resends. */
  private readonly target: UpdateTarget;
  private lastReloadUnix = -Infinity;
  /** The teams index behind the alias when names were last read (see forgetTeamNamesAfterRebuild). */
  private teamsVersion = "";
  /** Written updates whose follow-ups (pricing, standings) failed: tried again next tick. */
  private owedFollowUps: UpdateResult[] = [];
  /** The match clock; a successor writer goes on with it (live-writer.ts stores it). */
  readonly matchClock: MatchClock;
  private readonly mayWrite: () => boolean;

  constructor(
    private readonly es: Client,
    private readonly indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "teams" | "standings" | "bet_builders">,
    options: Partial<SimulatorOptions> = {},
  ) {
    this.options = { ...DEFAULT_SIMULATOR_OPTIONS, ...options };
    this.matchClock = this.options.clock ?? freshClock(Date.now(), this.options.speed, this.options.startAt?.getTime());
    if (!(this.matchClock.speed > 0)) throw new RangeError("speed must be a positive number");
    this.mayWrite = this.options.mayWrite ?? (() => true);
    this.target = updateTarget(es, indices);
  }

  /** The match clock now: the start plus the real time elapsed, times the speed. */
  clock(): Date {
    return new Date(matchTimeAt(this.matchClock, Date.now()));
  }

  /** Fixtures being moved. */
  get size(): number {
    return this.tracked.size;
  }

  /** One tick at match time `at`: every tracked fixture projected and written when it changed. */
  async step(at: Date): Promise<StepReport> {
    const nowUnix = Math.floor(at.getTime() / 1000);
    if (!this.mayWrite()) return { at, fixtures: this.tracked.size, written: 0, conflicts: 0, finished: [], betBuildersUpdated: 0, failed: 0, fenced: 1 };
    if (nowUnix - this.lastReloadUnix >= RELOAD_EVERY_SECONDS || nowUnix < this.lastReloadUnix) await this.reload(at);
    const due: Array<{ tracked: Tracked; projected: Projection }> = [];
    for (const tracked of this.tracked.values()) {
      const projected = projectionAt(tracked.fixture, nowUnix);
      if (projected.key !== tracked.lastKey) due.push({ tracked, projected });
    }
    const results: UpdateResult[] = [];
    let failed = 0;
    let fenced = 0;
    const wallNow = new Date();
    const moment = { nowUnix, updatedAt: wallNow.toISOString() };
    for (let start = 0; start < due.length; start += CONCURRENCY) {
      const batch = due.slice(start, start + CONCURRENCY);
      await Promise.all(
        batch.map(async ({ tracked, projected }) => {
          if (!this.mayWrite()) {
            fenced++;
            return;
          }
          try {
            const mark = { key: projected.key, clock_unix: nowUnix };
            const update = { fixtureId: tracked.fixture.id, key: projected.key, clockUnix: nowUnix, status: projected.state.status, minute: projected.state.minute };
            this.options.onUpdate?.(update, "sending");
            const result = await applyFixtureUpdate(this.target, tracked.fixture.id, changeOf(tracked.fixture, projected), moment, mark);
            results.push(result);
            if (result.written) this.options.onUpdate?.(update, "applied");
            tracked.lastKey = projected.key;
            if (projected.state.status === "FT") this.tracked.delete(tracked.fixture.id);
          } catch (error) {
            failed++;
            if (error instanceof FixtureNotFoundError) this.tracked.delete(tracked.fixture.id);
            this.options.log(`fixture ${tracked.fixture.id}: update failed: ${(error as Error).message}`);
          }
        }),
      );
    }
    // Follow-ups recompute from the stored state, so running one again is harmless; dropping
    // one would leave a table without a result or a bet builder unsettled.
    const owed = [...this.owedFollowUps, ...results];
    let followUps = { betBuildersUpdated: 0 };
    try {
      if (!this.mayWrite()) {
        // Kept for this process's next turn as the writer; a successor reprices from the stored state anyway.
        fenced++;
        this.owedFollowUps = owed.filter((result) => result.written).slice(-MAX_OWED_FOLLOW_UPS);
      } else {
        followUps = await runFollowUps(this.es, this.indices, owed, wallNow);
        this.owedFollowUps = [];
      }
    } catch (error) {
      this.owedFollowUps = owed.filter((result) => result.written).slice(-MAX_OWED_FOLLOW_UPS);
      this.options.log(`follow-ups of ${this.owedFollowUps.length} update(s) failed, tried again next tick: ${(error as Error).message}`);
    }
    const finished = results.filter((result) => result.written && result.effects.finished).map((result) => result.fixtureId);
    for (const id of finished) this.options.log(`fixture ${id}: full time`);
    return {
      at,
      fixtures: this.tracked.size + finished.length,
      written: results.filter((result) => result.written).length,
      conflicts: results.reduce((sum, result) => sum + result.conflicts, 0),
      finished,
      betBuildersUpdated: followUps.betBuildersUpdated,
      failed,
      fenced,
    };
  }

  /** Ticks on the real clock until `durationMs` of real time passed, the slate is empty (`untilIdle`) or `signal` aborts. */
  async run(options: { durationMs?: number; untilIdle?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    const endsAt = options.durationMs === undefined ? Infinity : Date.now() + options.durationMs;
    /** Whether the last step was held back by `mayWrite` (logged once per stretch). */
    let fenced = false;
    while (!options.signal?.aborted && Date.now() < endsAt) {
      const started = Date.now();
      try {
        const report = await this.step(this.clock());
        if (report.fenced > 0 && !fenced) {
          this.options.log("not writing: this process may no longer write (mayWrite, e.g. the writer lease unconfirmed); it goes on once it may again");
        }
        fenced = report.fenced > 0;
        if (report.written > 0) {
          this.options.log(`${report.at.toISOString()} ${report.fixtures} fixture(s), ${report.written} written, ${report.conflicts} conflict(s) retried, ${report.betBuildersUpdated} bet builder(s) repriced`);
        }
        if (options.untilIdle && this.tracked.size === 0) return;
      } catch (error) {
        // Elasticsearch away for a moment: the next tick projects the match again from its script, nothing is lost.
        this.options.log(`tick failed: ${(error as Error).message}`);
      }
      await sleep(Math.max(0, this.options.tickMs - (Date.now() - started)), options.signal);
    }
  }

  /**
   * Repeats the follow-ups of every fixture a live feed wrote since `since` (wall time): a new
   * writer calls it once, for what its predecessor wrote and may have been stopped before
   * following up (a match written as finished leaves the slate, so nothing else would
   * recompute its table or settle its bet builders). Follow-ups recompute from the stored
   * state, so repeating one is harmless. Returns how many fixtures were followed up.
   */
  async followUpWrittenSince(since: Date): Promise<number> {
    if (!this.mayWrite()) return 0;
    const written = await readFeedWrittenSince(this.es, this.indices.fixtures, since);
    const owed: UpdateResult[] = written.map((doc) => ({
      fixtureId: doc.id,
      seasonId: doc.season.id,
      written: true,
      conflicts: 0,
      effects: { changed: true, statusChanged: true, finished: isFinished(doc.status), repriced: [], suspended: [], restored: [], settled: [] },
    }));
    if (owed.length > 0 && this.mayWrite()) await runFollowUps(this.es, this.indices, owed, new Date());
    return owed.length;
  }

  /** Picks up fixtures now in play or kicking off soon; a fixture whose kick-off moved (a rebuild) gets a new script. */
  private async reload(at: Date): Promise<void> {
    const until = new Date(at.getTime() + LOOKAHEAD_SECONDS * 1000);
    const slate = await readLiveSlate(this.es, this.indices.fixtures, until);
    await this.forgetTeamNamesAfterRebuild();
    for (const doc of slate) {
      const known = this.tracked.get(doc.id);
      if (known && known.fixture.kickoffUnix === Math.floor(Date.parse(doc.date_time) / 1000)) continue;
      const fixture = liveFixtureOf(doc);
      // The update the stored state already is: the next one is the first this process writes.
      if (fixture) this.tracked.set(doc.id, { fixture, lastKey: doc.simulation?.last_update?.key ?? null });
    }
    this.lastReloadUnix = Math.floor(at.getTime() / 1000);
  }

  /**
   * Every live write resends the teams' names (in `search`), and they change only with a
   * rebuild, which puts a new index behind the teams alias: forget the names then, so one
   * cheap settings read a reload replaces a names read a write.
   */
  private async forgetTeamNamesAfterRebuild(): Promise<void> {
    const version = await aliasIdentity(this.es, this.indices.teams);
    if (version !== this.teamsVersion) this.target.teamNames.clear();
    this.teamsVersion = version;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
