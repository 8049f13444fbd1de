/**
 * `npm run bench:compare -- --base <git ref> [--repeats 2 --concurrency 8 --warmup 5 --window 30
 *   --streams 1000 --queries 100,1000 --stream-seconds 60 --source real|synthetic --only capacity,stream --port 9200]`
 *
 * The benchmark gate (issue 39): the same harness, this checkout's, measures the base's
 * compiled service and this checkout's, alternated (base, this, base, this: `--repeats`
 * pairs, each kind of figure measured on both sides before the next), and prints each
 * figure's medians, the ratio this/base, the range of the per-repeat ratios and each side's
 * spread; a ratio counts as a change only outside the spread (compare/table.ts).
 *   - capacity: the mixed load of bench:capacity (its data, `--source`, and its request mix),
 *     closed loop at `--concurrency`, `--warmup` s then `--window` s measured: service and node
 *     CPU ms per request from /proc, requests/s, p99 and the service's highest RSS;
 *   - stream: bench:stream's phase "many" (`--streams` streams on one instance, the simulator
 *     writing) once per `--queries` count of distinct queries, run as its own process with
 *     `--service-dir` and `--json`: service CPU ms/s, RSS, snapshot and write -> event latency.
 * The base is a worktree of `--base` at <tmp>/sfd-bench-compare-<sha>, made once with its own
 * `npm ci` and `npm run build` and kept; each service starts with its own checkout's memory
 * settings (scripts/runtime/service-memory.ts). A fresh service per measurement.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { PROJECT_ROOT } from "../../src/paths.js";
import { preparedWorktree } from "../lib/checkout.js";
import { ensureLocalNodes, runScript, wholeOption } from "../lib/cli.js";
import { localNodePids } from "../lib/es-pids.js";
import { RssSampler } from "../lib/rss.js";
import { buildService } from "../lib/service.js";
import { measureStep } from "../load/capacity.js";
import { startOwnService } from "../load/harness.js";
import { mixedRequests, sampleTargets } from "../load/targets.js";
import { capacityData } from "./capacity-data.js";
import { compareRow, tableLines, type Repeats } from "./compare/table.js";

const KINDS = ["capacity", "stream"] as const;
type Side = { name: "base" | "head"; label: string; dir: string };
type Figures = Record<string, number>;
const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      repeats: { type: "string", default: "2" },
      concurrency: { type: "string", default: "8" },
      warmup: { type: "string", default: "5" },
      window: { type: "string", default: "30" },
      streams: { type: "string", default: "1000" },
      queries: { type: "string", default: "100,1000" },
      "stream-seconds": { type: "string", default: "60" },
      source: { type: "string", default: "real" },
      only: { type: "string", default: KINDS.join(",") },
      port: { type: "string" },
    },
  });
  if (!values.base) throw new Error("--base <git ref> is required (the code to compare against)");
  if (values.source !== "real" && values.source !== "synthetic") throw new Error(`--source must be real or synthetic, got "${values.source}"`);
  const repeats = wholeOption(values.repeats, "repeats", 1, 20);
  const concurrency = wholeOption(values.concurrency, "concurrency", 1, 256);
  const warmupMs = wholeOption(values.warmup, "warmup", 0, 120) * 1000;
  const windowMs = wholeOption(values.window, "window", 1, 600) * 1000;
  const streams = wholeOption(values.streams, "streams", 1, 10_000);
  const queryCounts = values.queries.split(",").map((part) => wholeOption(part.trim(), "queries", 1, streams));
  const streamSeconds = wholeOption(values["stream-seconds"], "stream-seconds", 5, 3_600);
  const only = new Set(values.only.split(",").map((part) => part.trim()));
  for (const kind of only) if (!(KINDS as readonly string[]).includes(kind)) throw new Error(`--only: unknown kind "${kind}" (one of ${KINDS.join(", ")})`);

  const base = await baseCheckout(values.base);
  await buildService();
  const sides: Side[] = [base, { name: "head", label: "this checkout", dir: PROJECT_ROOT }];
  const nodes = await ensureLocalNodes(values.port, 1, log);
  log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), shared by the service, the node and the load. ` +
    `${repeats} repeat(s), alternated base/this; base ${base.label}.`);

  const repeatsOf = new Map<string, Repeats>();
  const record = (side: Side, prefix: string, figures: Figures) => {
    log(`  ${side.name === "base" ? "base" : "this"}: ${Object.entries(figures).map(([name, value]) => `${name} ${value.toFixed(2)}`).join(", ")}`);
    for (const [name, value] of Object.entries(figures)) {
      const key = `${prefix}${name}`;
      if (!repeatsOf.has(key)) repeatsOf.set(key, { base: [], head: [] });
      repeatsOf.get(key)![side.name].push(value);
    }
  };

  const data = only.has("capacity") ? await capacityData(nodes, values.source, false, log) : undefined;
  try {
    const sampled = data ? await sampleTargets(data.es, data.names) : undefined;
    const nodePids = data ? await localNodePids(data.es) : [];
    for (let repeat = 1; repeat <= repeats; repeat++) {
      if (data && sampled) {
        log(`\nRepeat ${repeat}: the capacity mix at concurrency ${concurrency}, ${warmupMs / 1000} s warm-up + ${windowMs / 1000} s measured`);
        for (const side of sides) {
          const service = await startOwnService(nodes, data.names.prefix, {}, side.name === "base" ? side.dir : undefined);
          try {
            const rss = new RssSampler(service.child.pid ?? 0);
            rss.start(500);
            const target = { baseUrl: service.url, key: data.key, servicePid: service.child.pid ?? 0, nodePids };
            const step = await measureStep(target, mixedRequests(sampled), concurrency, warmupMs, windowMs);
            const answered = Math.max(1, step.stats.answered);
            if (step.stats.failed > 0) log(`  ${side.name}: ${step.stats.failed} requests failed (${[...step.stats.reasons.keys()].slice(0, 2).join("; ")})`);
            record(side, "capacity: ", {
              "service CPU ms/request": step.use.serviceMs / answered,
              "node CPU ms/request": step.use.nodeMs / answered,
              "requests/s": step.rate,
              "p99 ms": step.stats.p99,
              "service RSS MiB": rss.stop(),
            });
          } finally {
            await stopped(service.child);
          }
        }
      }
      if (only.has("stream")) {
        for (const queries of queryCounts) {
          log(`\nRepeat ${repeat}: bench:stream's phase "many", ${streams} streams over ${queries} queries, ${streamSeconds} s`);
          for (const side of sides) record(side, `stream ${streams}/${queries}: `, await streamFigures(side, streams, queries, streamSeconds));
        }
      }
    }
  } finally {
    await data?.release();
  }
  log(`\nMedians of ${repeats} repeat(s); this/base of the medians; the range of the per-repeat ratios; each side's spread ((max - min) / median):`);
  for (const line of tableLines([...repeatsOf].map(([figure, both]) => compareRow(figure, both)))) log(line);
  return 0;
}

/** The base's worktree, with its own dependencies and compiled service (made once per commit). */
async function baseCheckout(ref: string): Promise<Side> {
  const { root, label } = await preparedWorktree(ref, "bench-compare", { npmScripts: ["build"], log });
  return { name: "base", label, dir: root };
}

/** One run of bench:stream's phase "many" against `side`'s service, as a process of its own; its figures. */
async function streamFigures(side: Side, streams: number, queries: number, seconds: number): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), "bench-compare-"));
  const json = join(dir, "figures.json");
  try {
    const args = ["--import", "tsx", join(PROJECT_ROOT, "scripts", "bench", "stream.ts"), "--phases", "many", "--streams", String(streams), "--queries", String(queries)];
    args.push("--duration", String(seconds), "--service-dir", side.dir, "--json", json);
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    createInterface({ input: child.stdout }).on("line", (line) => log(`    | ${line}`));
    const [code] = (await once(child, "exit")) as [number | null];
    if (code !== 0) throw new Error(`bench:stream against ${side.label} failed (exit ${code})`);
    const figures = JSON.parse(await readFile(json, "utf8")) as { many?: Figures };
    if (!figures.many) throw new Error(`bench:stream against ${side.label} wrote no figures`);
    return figures.many;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** SIGTERM, then the exit: the next measurement must not share the machine with a service still shutting down. */
async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, "exit");
  child.kill("SIGTERM");
  await exit;
}

runScript("bench:compare", main);
