/**
 * `npm run check:nightly [-- --source openfootball [--dir DIR] | --source synthetic [--scale N | --leagues N --history-seasons K]] [--later-hours 24] [--workers K] [--keep]`
 *
 * Whether a nightly rebuild gives what a full one gives (docs/data.md, "Nightly rebuilds"), on a
 * whole source: under its own prefix (`check_nightly`), a full rebuild at a fixed `now`, then a
 * nightly one at the same `now` (every document must be the same), then, with `--later-hours`, a
 * nightly one and a full one that many hours later (the same but the kept documents' `updated_at`).
 * With `--workers K` (fixture workers, docs/scaling.md), a full rebuild in K workers right after the
 * first (every document the same as in one thread), and the nightly rebuilds in K workers too.
 * Prints each rebuild's time and what it kept, and per index the count and SHA-256 over the sorted
 * SHA-256 of its documents (scripts/lib/document-hashes.ts). Exit code 1 on any difference, and when a
 * nightly rebuild kept nothing (it then checked nothing).
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.js";
import { buildDataSet } from "../src/ingest/data-set.js";
import { rebuild, type RebuildMode, type RebuildReport } from "../src/ingest/rebuild.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames, VERSIONED_INDICES } from "../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../src/store/index-versions.js";
import { MAX_FIXTURE_WORKERS } from "../src/ingest/fixture-workers/load-in-workers.js";
import { runScript, wholeOption } from "./lib/cli.js";
import { documentHashes } from "./lib/document-hashes.js";
import { SOURCE_OPTIONS, sourceOf } from "./lib/source-args.js";

const PREFIX = "check_nightly";
const HOUR_MS = 3_600_000;

type Digest = Record<string, { count: number; sha256: string }>;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...SOURCE_OPTIONS,
      "later-hours": { type: "string", default: "24" },
      workers: { type: "string", default: "1" },
      keep: { type: "boolean", default: false },
    },
  });
  const options = sourceOf(values);
  const laterHours = wholeOption(values["later-hours"], "later-hours", 0, 24 * 6);
  const workers = wholeOption(values.workers, "workers", 1, MAX_FIXTURE_WORKERS);
  const config = loadConfig({ ...process.env, INDEX_PREFIX: PREFIX });
  const elasticsearch = { ...config.elasticsearch, requestTimeoutMs: 300_000 };
  const es = createElasticsearchClient(elasticsearch);
  const names = indexNames(PREFIX);
  const log = (line: string) => console.log(line);
  // A whole minute: the live slate's seeds follow the minute, so both sides meet the same slate.
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  const build = async (at: Date, mode: RebuildMode, threads = mode === "nightly" ? workers : 1): Promise<RebuildReport> => {
    const started = Date.now();
    const { dataSet } = await buildDataSet(options, at, () => {});
    const report = await rebuild(es, names, dataSet, () => {}, config.indexLayout, {}, { mode, workers: { count: threads, elasticsearch } });
    log(
      `${mode} rebuild${threads > 1 ? ` in ${threads} workers` : ""} at ${at.toISOString()}: ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${report.history.kept.toLocaleString("en")} fixtures kept (${report.history.why})` +
        (report.history.resumedAt ? `, the model resumed at ${report.history.resumedAt}` : ""),
    );
    return report;
  };
  const digest = async (version: string, without: readonly string[]): Promise<Digest> => {
    const result: Digest = {};
    for (const [logical, hashes] of Object.entries(await documentHashes(es, names, version, without))) {
      result[logical] = { count: hashes.length, sha256: createHash("sha256").update(hashes.join("\n")).digest("hex") };
    }
    return result;
  };
  const compare = (label: string, a: Digest, b: Digest): boolean => {
    let same = true;
    for (const logical of VERSIONED_INDICES) {
      const equal = a[logical]!.sha256 === b[logical]!.sha256 && a[logical]!.count === b[logical]!.count;
      same &&= equal;
      log(`  ${label} ${logical.padEnd(16)} ${String(a[logical]!.count).padStart(8)} ${a[logical]!.sha256.slice(0, 16)}  ${equal ? "same" : `DIFFERS: ${b[logical]!.count} ${b[logical]!.sha256.slice(0, 16)}`}`);
    }
    return same;
  };

  let same = true;
  try {
    await deleteIndicesWithPrefix(es, PREFIX);
    let full = await build(now, "full");
    if (workers > 1) {
      const inWorkers = await build(now, "full", workers);
      same &&= compare(`${workers} workers:`, await digest(inWorkers.version, []), await digest(full.version, []));
      full = inWorkers;
    }
    const nightly = await build(now, "nightly");
    same &&= keptSomething(nightly, log);
    same &&= compare("same now:", await digest(nightly.version, []), await digest(full.version, []));
    if (laterHours > 0) {
      const later = new Date(now.getTime() + laterHours * HOUR_MS);
      const laterNightly = await build(later, "nightly");
      same &&= keptSomething(laterNightly, log);
      const laterFull = await build(later, "full");
      same &&= compare(`${laterHours} h later:`, await digest(laterNightly.version, ["updated_at"]), await digest(laterFull.version, ["updated_at"]));
    }
  } finally {
    if (!values.keep) await deleteIndicesWithPrefix(es, PREFIX);
    await es.close();
  }
  log(same ? "nightly = full: every index the same" : "nightly and full DIFFER");
  return same ? 0 : 1;
}

/** A nightly rebuild that kept nothing was a full one: what follows would compare two full rebuilds, which checks nothing. */
function keptSomething(report: RebuildReport, log: (line: string) => void): boolean {
  if (report.history.kept > 0) return true;
  log("  the nightly rebuild kept nothing (a synthetic set's history moves weekly: docs/data.md): nothing of it is checked");
  return false;
}

runScript("check:nightly", main);
