/**
 * The streams at this catalogue size: `count` streams, each with its own query (drawn from the
 * fixtures in play, as bench:stream draws them), opened at once against one service instance;
 * then a burst of `burst` writes to the fixtures in play and next to kick off (live-burst.ts) and
 * the events it sets off; then every client
 * compared with its polled endpoint. Clients run in bench:stream's load process.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "../../../src/store/index-names.js";
import { LatencyHistogram } from "../stream/latency-histogram.js";
import { LoadLink } from "../stream/load-link.js";
import { queryMaterial } from "../stream/query-material.js";
import { generateQueries } from "../stream/queries.js";
import { liveBurst } from "./live-burst.js";

export type StreamRound = {
  streams: number;
  opened: number;
  /** Time from a stream's request to its snapshot, ms. */
  snapshot: { p50: number; p95: number };
  /** Every stream open, s. */
  openSeconds: number;
  /** Writes of the burst and the write -> event latency of the events they set off, ms. */
  change: { written: number; events: number; p50: number; p95: number };
  /** Clients equal to their polled endpoint after the burst. */
  equal: number;
  /** Why the round did not finish, when it did not. */
  failure?: string;
};

/** A round that did not finish: no figures, the reason. */
export function failedRound(streams: number, failure: string): StreamRound {
  const none = { p50: Number.NaN, p95: Number.NaN };
  return { streams, opened: 0, snapshot: none, openSeconds: Number.NaN, change: { written: 0, events: 0, ...none }, equal: 0, failure };
}

/** Time for the burst's events to arrive before the latencies are read. */
const SETTLE_MS = 5_000;
const CONVERGE_DEADLINE_MS = 30_000;

export async function streamRound(
  es: Client,
  names: IndexNames,
  service: { url: string; key: string },
  { count, burst, log }: { count: number; burst: number; log: (line: string) => void },
): Promise<StreamRound> {
  const queries = generateQueries("bench:scale", count, await queryMaterial(es, names.fixtures, service.url, service.key));
  const load = new LoadLink(log);
  load.fresh();
  try {
    const clients = queries.map((query) => ({ streamPath: query.streamPath, pollPath: query.pollPath }));
    const open = await load.ask({ type: "open", key: service.key, clients, instances: [service.url] });
    const snapshot = LatencyHistogram.fromSparse(open.snapshotMs);
    log(`  ${open.opened}/${count} streams open in ${open.seconds.toFixed(1)} s (snapshot p50 ${snapshot.percentile(0.5)} ms, p95 ${snapshot.percentile(0.95)} ms)`);
    await load.ask({ type: "measure" });
    const written = await liveBurst(es, names, burst, log);
    await sleep(SETTLE_MS);
    const report = await load.ask({ type: "report" });
    const latency = LatencyHistogram.fromSparse(...report.instances.map((instance) => instance.latency));
    const events = report.instances.reduce((sum, instance) => sum + instance.events, 0);
    log(`  burst of ${written.written} writes: ${events.toLocaleString("en")} events, write -> event p50 ${latency.percentile(0.5)} ms, p95 ${latency.percentile(0.95)} ms`);
    // A client that dropped and came back is where a stream can go wrong: say how many did, and how.
    const reasons = report.dropReasons.map(([reason, n]) => `${reason} ${n}`).join(", ");
    log(`  ${report.drops} drops${reasons ? ` (${reasons})` : ""}, ${report.reconnects} reconnects (${report.resnapshots} answered with a snapshot), ${report.connected}/${count} connected`);
    const truth = await load.ask({ type: "converge", deadlineMs: CONVERGE_DEADLINE_MS });
    log(`  ${truth.equal}/${truth.clients} clients equal to their polled endpoint (a client refused at the opening holds nothing)`);
    // Which differ and how, so a difference can be followed up rather than only counted.
    for (const example of truth.examples) log(`    differs: ${example}`);
    return {
      streams: count,
      opened: open.opened,
      snapshot: { p50: snapshot.percentile(0.5), p95: snapshot.percentile(0.95) },
      openSeconds: open.seconds,
      change: { written: written.written, events, p50: latency.percentile(0.5), p95: latency.percentile(0.95) },
      equal: truth.equal,
    };
  } finally {
    load.stop();
  }
}
