/**
 * `npm run bench:scale [-- --sizes 100000,300000,1000000] [--grow history|leagues] [--requests 100]
 *   [--raw-sample 20000] [--keep]`
 *
 * Synthetic catalogues of growing size, each under its own prefix (`bench_scale_<fixtures>`,
 * removed before the next size unless --keep), and per size:
 *  - the rebuild as an operator runs it (a child process): wall time, docs/s, peak RSS;
 *  - the node's own rate on the same documents (a sample sent as raw `_bulk`), and the ratio;
 *  - Lucene documents and bytes per fixture of the fixtures index (merged to one segment);
 *  - p50/p95 of each request kind through the production service, one request at a time.
 * `--grow history` (the default) keeps the number of generated leagues the smallest size needs
 * and adds past seasons to reach the others, so costs that follow history show apart from those
 * that follow the live slate; `--grow leagues` adds leagues instead (`--scale`).
 * One table at the end, sizes side by side. Heavy: run it alone on the machine.
 */
import { parseArgs } from "node:util";
import { statfsSync } from "node:fs";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../../src/store/index-versions.js";
import type { SourceOptions } from "../../src/ingest/data-set.js";
import { fixturesPerScaleLeague } from "../../src/ingest/synthetic/scale.js";
import { runScript, wholeOption } from "../lib/cli.js";
import { createLoadKey, startOwnService } from "../load/harness.js";
import { rawBulkRate } from "./scale/raw-bulk.js";
import { rebuildInChild, type RebuildRun } from "../lib/rebuild-child.js";
import { KIND_NAMES, measureKinds, type KindLatency } from "./scale/request-kinds.js";

/** The base part of every synthetic set (base leagues, cup, their live slate): about 4,640 fixtures. */
const BASE_FIXTURES = 4_640;
const DEFAULT_HISTORY = 4;

type SizeResult = {
  fixtures: number;
  sizing: string;
  rebuild: RebuildRun;
  raw: { docs: number; docsPerSecond: number };
  luceneDocsPerFixture: number;
  bytesPerFixture: number;
  storeGiB: number;
  kinds: KindLatency[];
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "100000,300000,1000000" },
      grow: { type: "string", default: "history" },
      requests: { type: "string", default: "100" },
      "raw-sample": { type: "string", default: "20000" },
      keep: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes.split(",").map((text) => wholeOption(text, "sizes", 10_000, 100_000_000));
  if (values.grow !== "history" && values.grow !== "leagues") throw new Error("--grow must be history or leagues");
  const requests = wholeOption(values.requests, "requests", 10, 100_000);
  const rawSample = wholeOption(values["raw-sample"], "raw-sample", 1_000, 1_000_000);
  const config = loadConfig();
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 600_000 });
  const node = config.elasticsearch.nodes[0]!;
  const log = (line: string) => console.log(line);
  const leagues = Math.ceil((Math.min(...sizes) - BASE_FIXTURES) / fixturesPerScaleLeague(DEFAULT_HISTORY));
  const results: SizeResult[] = [];
  try {
    for (const size of sizes) {
      const args = values.grow === "history" ? historyArgs(size, leagues) : ["--scale", String(size)];
      const prefix = `bench_scale_${size}`;
      log(`\n== ${size.toLocaleString("en")} fixtures (${args.join(" ")}), prefix ${prefix}; disk free ${diskFreeGiB().toFixed(0)} GiB`);
      await deleteIndicesWithPrefix(es, prefix);
      log("  rebuild (a child process, as `npm run rebuild` runs it)...");
      const rebuild = await rebuildInChild(prefix, { sourceArgs: args, log });
      log(`  rebuilt in ${rebuild.seconds.toFixed(0)} s, ${rebuild.docsPerSecond.toLocaleString("en")} docs/s, peak RSS ${rebuild.peakRssMiB.toFixed(0)} MiB`);
      const names = indexNames(prefix);
      const stats = await fixtureIndexStats(es, names.fixtures);
      log(`  fixtures index: ${stats.fixtures.toLocaleString("en")} fixtures, ${stats.luceneDocsPerFixture.toFixed(1)} Lucene docs and ${(stats.bytesPerFixture / 1024).toFixed(1)} KB per fixture`);
      log(`  raw _bulk of the first ${rawSample.toLocaleString("en")} fixture documents of the same source...`);
      const raw = await rawBulkRate(es, node, `${prefix}_raw`, sourceOptions(args), rawSample);
      log(`  raw: ${raw.docsPerSecond.toLocaleString("en")} docs/s`);
      const service = await startOwnService(config.elasticsearch.nodes, prefix);
      let kinds: KindLatency[];
      try {
        const key = await createLoadKey(es, names, "bench:scale");
        log(`  ${requests} requests of each kind, one at a time...`);
        kinds = await measureKinds(es, names, { url: service.url, key }, requests);
      } finally {
        service.stop();
      }
      results.push({ sizing: args.join(" "), rebuild, raw, ...stats, kinds });
      if (!values.keep) await deleteIndicesWithPrefix(es, prefix);
    }
  } finally {
    await es.close();
  }
  for (const line of table(results)) log(line);
  return 0;
}

/** Past seasons for `size` fixtures at a fixed number of generated leagues (380 fixtures a season each). */
function historyArgs(size: number, leagues: number): string[] {
  const seasons = Math.max(1, Math.round((size - BASE_FIXTURES) / (leagues * fixturesPerScaleLeague(0))));
  return ["--leagues", String(leagues), "--history-seasons", String(seasons - 1)];
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

/**
 * Lucene documents and bytes of the fixtures index once merged to one segment (as settled data
 * ends up), so the figure does not depend on where the node's merges happened to be.
 */
async function fixtureIndexStats(es: ReturnType<typeof createElasticsearchClient>, alias: string) {
  await es.indices.forcemerge({ index: alias, max_num_segments: 1 });
  const fixtures = (await es.count({ index: alias })).count;
  const [row] = await es.cat.indices({ index: alias, h: "docs.count,store.size", bytes: "b", format: "json" });
  const lucene = Number(row?.["docs.count"] ?? Number.NaN);
  const bytes = Number(row?.["store.size"] ?? Number.NaN);
  return { fixtures, luceneDocsPerFixture: lucene / fixtures, bytesPerFixture: bytes / fixtures, storeGiB: bytes / 2 ** 30 };
}

function diskFreeGiB(): number {
  const stats = statfsSync("/");
  return (stats.bavail * stats.bsize) / 2 ** 30;
}

function table(results: SizeResult[]): string[] {
  const cell = (text: string) => text.padStart(14);
  const row = (label: string, values: string[]) => `${label.padEnd(34)}${values.map(cell).join("")}`;
  const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));
  const lines = ["", "== bench:scale (one run, this machine)", row("fixtures", results.map((r) => r.fixtures.toLocaleString("en")))];
  lines.push(row("sizing", results.map((r) => r.sizing.replace("--leagues ", "L").replace(" --history-seasons ", " K").replace("--scale ", "S"))));
  lines.push(row("rebuild wall s", results.map((r) => r.rebuild.seconds.toFixed(0))));
  lines.push(row("rebuild fixtures/s (end to end)", results.map((r) => (r.fixtures / r.rebuild.seconds).toFixed(0))));
  lines.push(row("rebuild load docs/s", results.map((r) => r.rebuild.docsPerSecond.toLocaleString("en"))));
  lines.push(row("raw _bulk docs/s (sample)", results.map((r) => r.raw.docsPerSecond.toLocaleString("en"))));
  lines.push(row("rebuild / raw", results.map((r) => `${((r.rebuild.docsPerSecond / r.raw.docsPerSecond) * 100).toFixed(0)}%`)));
  lines.push(row("rebuild peak RSS MiB", results.map((r) => r.rebuild.peakRssMiB.toFixed(0))));
  lines.push(row("Lucene docs / fixture", results.map((r) => r.luceneDocsPerFixture.toFixed(1))));
  lines.push(row("KB / fixture", results.map((r) => (r.bytesPerFixture / 1024).toFixed(2))));
  lines.push(row("fixtures index GiB", results.map((r) => r.storeGiB.toFixed(2))));
  for (const kind of KIND_NAMES) {
    const of = (r: SizeResult) => r.kinds.find((k) => k.kind === kind);
    lines.push(row(`${kind} p50/p95 ms`, results.map((r) => `${ms(of(r)?.p50 ?? Number.NaN)}/${ms(of(r)?.p95 ?? Number.NaN)}`)));
    const failed = results.reduce((sum, r) => sum + (of(r)?.failed ?? 0), 0);
    if (failed > 0) lines.push(row(`  ${kind}: failed`, results.map((r) => String(of(r)?.failed ?? 0))));
  }
  return lines;
}

runScript("bench:scale", main);
