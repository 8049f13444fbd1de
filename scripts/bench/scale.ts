/**
 * `npm run bench:scale [-- --sizes 100000,300000,1000000] [--grow history|leagues] [--requests 100]
 *   [--raw-sample 20000] [--streams 1000] [--burst 1000] [--workers 2] [--keep]`
 *
 * Synthetic catalogues of growing size, each under its own prefix (`bench_scale_<fixtures>`,
 * removed before the next size unless --keep), and per size:
 *  - the rebuild as an operator runs it (a child process, `--full`): wall time, docs/s, peak RSS;
 *  - the nightly rebuild right after it (`npm run rebuild` without `--full`: the closed seasons'
 *    history kept, docs/data.md "Nightly rebuilds"): wall time, fixtures kept, CPU of both processes;
 *  - the full rebuild again with `--workers` fixture workers (2 by default; 1 leaves it out): wall
 *    time and docs/s beside the one-thread rebuild's, CPU of both processes, peak RSS;
 *  - the node's own rate on the same documents (a sample sent as raw `_bulk`), and the ratio;
 *  - CPU per fixture document, read from /proc: the rebuild process's own (generation and
 *    client), the node's during the rebuild and during the raw load, and the cores the node kept
 *    busy in the raw load. On shared cores these bound what the rebuild can reach: at most
 *    cores / (generation + node) documents a second;
 *  - Lucene documents and bytes per fixture of the live part and of history (each merged to one
 *    segment), and of both;
 *  - p50/p95 of each request kind through the production service, one request at a time;
 *  - `--streams` streams with their own queries: snapshot time, then a burst of `--burst` writes
 *    to the live part (write -> event latency) and every client checked against its polled answer;
 *  - the nightly move of settled fixtures to history, run as if a day later (what it costs follows
 *    the live part, not history).
 * `--grow history` (the default) keeps the number of generated leagues the smallest size needs
 * and adds past seasons to reach the others, so costs that follow history show apart from those
 * that follow the live slate; `--grow leagues` adds leagues instead (`--scale`).
 * One table at the end, sizes side by side. Heavy: run it alone on the machine.
 */
import { parseArgs } from "node:util";
import { statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../../src/store/index-versions.js";
import type { SourceOptions } from "../../src/ingest/sources/load-source.js";
import { historyArgs, scaleLeagues } from "../lib/scale-catalogue.js";
import { MAX_FIXTURE_WORKERS } from "../../src/ingest/fixture-workers/load-in-workers.js";
import { runScript, wholeOption } from "../lib/cli.js";
import { createLoadKey, startOwnService } from "../load/harness.js";
import { rawBulkRate, type RawBulk } from "./scale/raw-bulk.js";
import { cpuWindow } from "../lib/cpu.js";
import { localNodePids } from "../lib/es-pids.js";
import { rebuildInChild, type RebuildRun } from "../lib/rebuild-child.js";
import { KIND_NAMES, measureKinds, type KindLatency } from "./scale/request-kinds.js";
import { failedRound, streamRound, type StreamRound } from "./scale/stream-round.js";
import { moveSettled, type MoveReport } from "../../src/ingest/move-settled.js";

const DAY_MS = 86_400_000;
/** The cores the rebuild and the node share on this machine (the ceiling row of the table). */
const CORES = availableParallelism();

type SizeResult = {
  fixtures: number;
  sizing: string;
  rebuild: RebuildRun;
  raw: RawBulk;
  /** CPU ms per document loaded by the rebuild: the node's while it ran (NaN when the node is not local). */
  rebuildNodeCpuMsPerDoc: number;
  nightly: { run: RebuildRun; nodeCpuSeconds: number };
  /** The full rebuild with fixture workers (null: `--workers 1`). */
  parallel: { run: RebuildRun; nodeCpuSeconds: number } | null;
  families: FamilyStats[];
  kinds: KindLatency[];
  streams: StreamRound;
  move: MoveReport;
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "100000,300000,1000000" },
      grow: { type: "string", default: "history" },
      requests: { type: "string", default: "100" },
      "raw-sample": { type: "string", default: "20000" },
      streams: { type: "string", default: "1000" },
      burst: { type: "string", default: "1000" },
      workers: { type: "string", default: "2" },
      keep: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes.split(",").map((text) => wholeOption(text, "sizes", 10_000, 100_000_000));
  if (values.grow !== "history" && values.grow !== "leagues") throw new Error("--grow must be history or leagues");
  const requests = wholeOption(values.requests, "requests", 10, 100_000);
  const rawSample = wholeOption(values["raw-sample"], "raw-sample", 1_000, 1_000_000);
  const streamCount = wholeOption(values.streams, "streams", 1, 10_000);
  const burst = wholeOption(values.burst, "burst", 1, 1_000_000);
  const workers = wholeOption(values.workers, "workers", 1, MAX_FIXTURE_WORKERS);
  const config = loadConfig();
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 600_000 });
  const node = config.elasticsearch.nodes[0]!;
  const log = (line: string) => console.log(line);
  const nodePids = await localNodePids(es);
  const leagues = scaleLeagues(Math.min(...sizes));
  const results: SizeResult[] = [];
  try {
    for (const size of sizes) {
      const args = values.grow === "history" ? historyArgs(size, leagues) : ["--scale", String(size)];
      const prefix = `bench_scale_${size}`;
      log(`\n== ${size.toLocaleString("en")} fixtures (${args.join(" ")}), prefix ${prefix}; disk free ${diskFreeGiB().toFixed(0)} GiB`);
      await deleteIndicesWithPrefix(es, prefix);
      log("  rebuild (a child process, as `npm run rebuild` runs it)...");
      const rebuildCpu = cpuWindow(null, nodePids);
      const rebuild = await rebuildInChild(prefix, { sourceArgs: args, log });
      const rebuildNodeCpuMsPerDoc = rebuildCpu.end().nodeMs / rebuild.documents;
      log(`  rebuilt in ${rebuild.seconds.toFixed(0)} s, ${rebuild.docsPerSecond.toLocaleString("en")} docs/s, peak RSS ${rebuild.peakRssMiB.toFixed(0)} MiB`);
      log(`  CPU per document: rebuild process ${((rebuild.cpuSeconds * 1000) / rebuild.documents).toFixed(2)} ms, node ${rebuildNodeCpuMsPerDoc.toFixed(2)} ms`);
      const names = indexNames(prefix);
      const families: FamilyStats[] = [];
      for (const [label, alias] of [["live part", names.fixtures], ["history", names.fixtures_history]] as const) {
        families.push(await fixtureIndexStats(es, label, alias));
        const stats = families.at(-1)!;
        log(`  ${label}: ${stats.fixtures.toLocaleString("en")} fixtures, ${(stats.lucene / stats.fixtures).toFixed(1)} Lucene docs and ${(stats.bytes / stats.fixtures / 1024).toFixed(1)} KB per fixture`);
      }
      log("  the nightly rebuild (history kept) right after it...");
      const nightlyCpu = cpuWindow(null, nodePids);
      const nightlyRun = await rebuildInChild(prefix, { sourceArgs: args, mode: "nightly", log });
      const nightly = { run: nightlyRun, nodeCpuSeconds: nightlyCpu.end().nodeMs / 1000 };
      log(
        `  nightly in ${nightlyRun.seconds.toFixed(0)} s, ${nightlyRun.keptFixtures.toLocaleString("en")} fixtures kept, ` +
          `CPU: rebuild process ${nightlyRun.cpuSeconds.toFixed(0)} s, node ${nightly.nodeCpuSeconds.toFixed(0)} s`,
      );
      let parallel: SizeResult["parallel"] = null;
      if (workers > 1) {
        log(`  the full rebuild again with --workers ${workers}...`);
        const parallelCpu = cpuWindow(null, nodePids);
        const run = await rebuildInChild(prefix, { sourceArgs: args, log, workers });
        parallel = { run, nodeCpuSeconds: parallelCpu.end().nodeMs / 1000 };
        log(
          `  ${workers} workers: ${run.seconds.toFixed(0)} s (one thread: ${rebuild.seconds.toFixed(0)} s), ${run.docsPerSecond.toLocaleString("en")} docs/s, ` +
            `CPU: rebuild process ${run.cpuSeconds.toFixed(0)} s, node ${parallel.nodeCpuSeconds.toFixed(0)} s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB`,
        );
      }
      log(`  raw _bulk of the first ${rawSample.toLocaleString("en")} fixture documents of the same source...`);
      const raw = await rawBulkRate(es, node, `${prefix}_raw`, sourceOptions(args), rawSample, nodePids);
      log(`  raw: ${raw.docsPerSecond.toLocaleString("en")} docs/s, node ${raw.nodeCpuMsPerDoc.toFixed(2)} ms CPU per document, ${raw.nodeCores.toFixed(2)} cores busy`);
      // Every stream on one key, and no rate limit: the figures are the service's, not a customer's limits.
      const service = await startOwnService(config.elasticsearch.nodes, prefix, { STREAMS_PER_KEY: String(streamCount), RATE_LIMIT_PER_SECOND: "0" });
      let kinds: KindLatency[];
      let streams: StreamRound;
      try {
        const key = await createLoadKey(es, names, "bench:scale");
        log(`  ${requests} requests of each kind, one at a time...`);
        kinds = await measureKinds(es, names, { url: service.url, key }, requests);
        log(`  ${streamCount} streams, each its own query, then a burst of ${burst} writes...`);
        // A stream round that fails (a process out of memory, docs/scaling.md) is a figure of this size, not the end of the run.
        streams = await streamRound(es, names, { url: service.url, key }, { count: streamCount, burst, log }).catch((error: unknown) => {
          log(`  the stream round failed: ${(error as Error).message}`);
          return failedRound(streamCount, (error as Error).message);
        });
      } finally {
        service.stop();
      }
      log("  the move of settled fixtures, a day later...");
      const move = await moveSettled(es, names, { layout: config.indexLayout, now: new Date(Date.now() + DAY_MS) });
      log(`  moved ${move.moved.toLocaleString("en")}, kept ${move.kept.toLocaleString("en")} live, in ${move.seconds.toFixed(1)} s`);
      const fixtures = families.reduce((sum, family) => sum + family.fixtures, 0);
      results.push({ fixtures, sizing: args.join(" "), rebuild, raw, rebuildNodeCpuMsPerDoc, nightly, parallel, families, kinds, streams, move });
      if (!values.keep) await deleteIndicesWithPrefix(es, prefix);
    }
  } finally {
    await es.close();
  }
  for (const line of table(results)) log(line);
  return 0;
}

function sourceOptions(args: string[]): SourceOptions {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : Number(args[at + 1]);
  };
  const scale = value("--scale");
  const leagues = value("--leagues");
  const historySeasons = value("--history-seasons");
  return {
    source: "synthetic",
    ...(scale === undefined ? {} : { scale }),
    ...(leagues === undefined ? {} : { leagues }),
    ...(historySeasons === undefined ? {} : { historySeasons }),
  };
}

type FamilyStats = { label: string; fixtures: number; lucene: number; bytes: number };

/**
 * Lucene documents and bytes of one fixtures family once merged to one segment (as settled data
 * ends up), so the figure does not depend on where the node's merges happened to be.
 */
async function fixtureIndexStats(es: ReturnType<typeof createElasticsearchClient>, label: string, alias: string): Promise<FamilyStats> {
  await es.indices.forcemerge({ index: alias, max_num_segments: 1 });
  const fixtures = (await es.count({ index: alias })).count;
  const [row] = await es.cat.indices({ index: alias, h: "docs.count,store.size", bytes: "b", format: "json" });
  return { label, fixtures, lucene: Number(row?.["docs.count"] ?? Number.NaN), bytes: Number(row?.["store.size"] ?? Number.NaN) };
}

function diskFreeGiB(): number {
  const stats = statfsSync("/");
  return (stats.bavail * stats.bsize) / 2 ** 30;
}

function table(results: SizeResult[]): string[] {
  const cell = (text: string) => text.padStart(14);
  const row = (label: string, values: string[]) => `${label.padEnd(34)}${values.map(cell).join("")}`;
  const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));
  const ms2 = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(2));
  const lines = ["", "== bench:scale (one run, this machine)", row("fixtures", results.map((r) => r.fixtures.toLocaleString("en")))];
  lines.push(row("sizing", results.map((r) => r.sizing.replace("--leagues ", "L").replace(" --history-seasons ", " K").replace("--scale ", "S"))));
  lines.push(row("rebuild wall s", results.map((r) => r.rebuild.seconds.toFixed(0))));
  lines.push(row("rebuild fixtures/s (end to end)", results.map((r) => (r.fixtures / r.rebuild.seconds).toFixed(0))));
  lines.push(row("rebuild load docs/s", results.map((r) => r.rebuild.docsPerSecond.toLocaleString("en"))));
  lines.push(row("raw _bulk docs/s (sample)", results.map((r) => r.raw.docsPerSecond.toLocaleString("en"))));
  lines.push(row("rebuild / raw", results.map((r) => `${((r.rebuild.docsPerSecond / r.raw.docsPerSecond) * 100).toFixed(0)}%`)));
  lines.push(row("rebuild peak RSS MiB", results.map((r) => r.rebuild.peakRssMiB.toFixed(0))));
  lines.push(row("nightly wall s", results.map((r) => r.nightly.run.seconds.toFixed(0))));
  lines.push(row("nightly / full wall", results.map((r) => `${((100 * r.nightly.run.seconds) / r.rebuild.seconds).toFixed(0)}%`)));
  lines.push(row("nightly: fixtures kept", results.map((r) => r.nightly.run.keptFixtures.toLocaleString("en"))));
  lines.push(row("nightly CPU s: rebuild / node", results.map((r) => `${r.nightly.run.cpuSeconds.toFixed(0)}/${r.nightly.nodeCpuSeconds.toFixed(0)}`)));
  lines.push(row("nightly peak RSS MiB", results.map((r) => r.nightly.run.peakRssMiB.toFixed(0))));
  const withWorkers = (show: (parallel: NonNullable<SizeResult["parallel"]>, r: SizeResult) => string) =>
    results.map((r) => (r.parallel ? show(r.parallel, r) : "-"));
  lines.push(row("full with workers: wall s", withWorkers((p) => p.run.seconds.toFixed(0))));
  lines.push(row("full with workers / one thread wall", withWorkers((p, r) => `${((100 * p.run.seconds) / r.rebuild.seconds).toFixed(0)}%`)));
  lines.push(row("full with workers: docs/s", withWorkers((p) => p.run.docsPerSecond.toLocaleString("en"))));
  lines.push(row("full with workers CPU s: rebuild / node", withWorkers((p) => `${p.run.cpuSeconds.toFixed(0)}/${p.nodeCpuSeconds.toFixed(0)}`)));
  lines.push(row("full with workers peak RSS MiB", withWorkers((p) => p.run.peakRssMiB.toFixed(0))));
  const generationMs = (r: SizeResult) => (r.rebuild.cpuSeconds * 1000) / r.rebuild.documents;
  lines.push(row("CPU ms/doc: rebuild process", results.map((r) => generationMs(r).toFixed(2))));
  lines.push(row("CPU ms/doc: node, rebuild", results.map((r) => ms2(r.rebuildNodeCpuMsPerDoc))));
  lines.push(row("CPU ms/doc: node, raw", results.map((r) => ms2(r.raw.nodeCpuMsPerDoc))));
  lines.push(row("node cores busy, raw", results.map((r) => ms2(r.raw.nodeCores))));
  // What the rebuild could reach if both cores were busy all the time, against the raw rate.
  lines.push(row(`ceiling ${CORES} cores / raw`, results.map((r) => `${((100 * (CORES * 1000)) / (generationMs(r) + r.rebuildNodeCpuMsPerDoc) / r.raw.docsPerSecond).toFixed(0)}%`)));
  const family = (r: SizeResult, label: string) => r.families.find((f) => f.label === label)!;
  const sum = (r: SizeResult, key: "fixtures" | "lucene" | "bytes") => r.families.reduce((total, f) => total + f[key], 0);
  for (const label of ["live part", "history"]) {
    lines.push(row(`${label}: fixtures`, results.map((r) => family(r, label).fixtures.toLocaleString("en"))));
    lines.push(row(`${label}: Lucene docs / fixture`, results.map((r) => (family(r, label).lucene / family(r, label).fixtures).toFixed(1))));
    lines.push(row(`${label}: KB / fixture`, results.map((r) => (family(r, label).bytes / family(r, label).fixtures / 1024).toFixed(2))));
  }
  lines.push(row("all: Lucene docs / fixture", results.map((r) => (sum(r, "lucene") / sum(r, "fixtures")).toFixed(1))));
  lines.push(row("all: KB / fixture", results.map((r) => (sum(r, "bytes") / sum(r, "fixtures") / 1024).toFixed(2))));
  lines.push(row("fixtures GiB", results.map((r) => (sum(r, "bytes") / 2 ** 30).toFixed(2))));
  for (const kind of KIND_NAMES) {
    const of = (r: SizeResult) => r.kinds.find((k) => k.kind === kind);
    lines.push(row(`${kind} p50/p95 ms`, results.map((r) => `${ms(of(r)?.p50 ?? Number.NaN)}/${ms(of(r)?.p95 ?? Number.NaN)}`)));
    const failed = results.reduce((sum, r) => sum + (of(r)?.failed ?? 0), 0);
    if (failed > 0) lines.push(row(`  ${kind}: failed`, results.map((r) => String(of(r)?.failed ?? 0))));
  }
  for (const r of results) if (r.streams.failure) lines.push(`stream round at ${r.fixtures.toLocaleString("en")} failed: ${r.streams.failure}`);
  lines.push(row("streams open", results.map((r) => `${r.streams.opened}/${r.streams.streams}`)));
  lines.push(row("stream snapshot p50/p95 ms", results.map((r) => `${ms(r.streams.snapshot.p50)}/${ms(r.streams.snapshot.p95)}`)));
  lines.push(row("all streams open s", results.map((r) => r.streams.openSeconds.toFixed(1))));
  lines.push(row("burst: writes / events", results.map((r) => `${r.streams.change.written}/${r.streams.change.events}`)));
  lines.push(row("change write->event p50/p95 ms", results.map((r) => `${ms(r.streams.change.p50)}/${ms(r.streams.change.p95)}`)));
  lines.push(row("clients equal to polled", results.map((r) => `${r.streams.equal}/${r.streams.opened}`)));
  lines.push(row("move a day later: s", results.map((r) => r.move.seconds.toFixed(1))));
  lines.push(row("move: moved / kept live", results.map((r) => `${r.move.moved}/${r.move.kept}`)));
  return lines;
}

runScript("bench:scale", main);
