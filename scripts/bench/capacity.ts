/**
 * `npm run bench:capacity [-- --source real|synthetic --rebuild --service-dir DIR --warmup 4
 *   --window 12 --steps 1,2,4,... --route-concurrency 4 --route-seconds 6 --port 9200]`:
 * what the machine delivers of the mixed load of `npm run load` (scripts/load/targets.ts),
 * and what one request costs in CPU and memory, printed (never asserted) with PASS/FAIL beside
 * each target.
 *   1. closed-loop steps of rising concurrency, each `--warmup` s then a `--window` s measure:
 *      req/s, p50/p99, failed, shed, CPU ms per request of the service and of the node
 *      (/proc/<pid>/stat), the load generator's own CPU ms/s, the service's highest RSS; stops
 *      once p99 > 250 ms, a request failed or was shed, or the rate stopped rising;
 *   2. each kind of the mix alone at `--route-concurrency` for `--route-seconds`, with the
 *      same figures (what `bench:request-cost` measured per kind before it was folded in here);
 *   3. the compression of one response of each kind with each codec the service could use
 *      (CPU ms and bytes), as bench:request-cost printed it;
 *   4. the capacity (the highest rate with p99 <= 250 ms, nothing failed) and the targets:
 *      service CPU per request at capacity <= 2.5 ms (its share of the node's, printed, has no
 *      target since issue 28 withdrew it); the by-day kind
 *      alone: service CPU <= 3 ms per request and RSS under load < 150 MiB.
 * `--service-dir DIR` also measures another checkout's compiled service (DIR/dist/src/server.js,
 * step 1 only) on the same data first, and prints this checkout's capacity against it (target
 * +25% at the same p99 limit).
 */
import type { ChildProcess } from "node:child_process";
import { availableParallelism, cpus } from "node:os";
import { parseArgs } from "node:util";
import { ensureLocalNodes, runScript, wholeOption } from "../lib/cli.js";
import { localNodePids } from "../lib/es-pids.js";
import { RssSampler } from "../lib/rss.js";
import { targetLine } from "../lib/target-line.js";
import type { LoadRequest } from "../load/answer.js";
import { capacityLines, DEFAULT_STEPS, measureCapacity, measureStep, P99_LIMIT_MS, STEP_HEADER, stepRow, type Capacity, type Step, type Target } from "../load/capacity.js";
import { startOwnService, type RunningService } from "../load/harness.js";
import { kindsOf, onlyKind } from "../load/route-mix.js";
import { mixedRequests, sampleTargets, type LoadTargets } from "../load/targets.js";
import { capacityData, type CapacityData } from "./capacity-data.js";
import { compressionLines } from "./compression-costs.js";

const TARGETS = { serviceMsPerRequest: 2.5 };
/** The by-day kind alone (issue 28): service CPU per request and the service's RSS under that load. */
const BY_DAY = { kind: "fixtures by day", serviceMsPerRequest: 3, rssMiB: 150 };
/** This checkout's capacity against --service-dir's (issue 28). */
const CAPACITY_GAIN = 0.25;
const log = (line: string): void => console.log(line);

function parseSteps(text: string | undefined): readonly number[] {
  if (text === undefined) return DEFAULT_STEPS;
  const steps = text.split(",").map((part) => wholeOption(part.trim(), "steps", 1, 1000));
  if (steps.some((n, i) => i > 0 && n <= steps[i - 1]!)) throw new Error(`--steps must rise, got "${text}"`);
  return steps;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      source: { type: "string", default: "real" },
      rebuild: { type: "boolean", default: false },
      "service-dir": { type: "string" },
      warmup: { type: "string", default: "4" },
      window: { type: "string", default: "12" },
      steps: { type: "string" },
      "route-concurrency": { type: "string", default: "4" },
      "route-seconds": { type: "string", default: "6" },
      port: { type: "string" },
    },
  });
  if (values.source !== "real" && values.source !== "synthetic") throw new Error(`--source must be real or synthetic, got "${values.source}"`);
  const source = values.source;
  const warmupMs = wholeOption(values.warmup, "warmup", 0, 120) * 1000;
  const windowMs = wholeOption(values.window, "window", 1, 300) * 1000;
  const steps = parseSteps(values.steps);
  const routeConcurrency = wholeOption(values["route-concurrency"], "route-concurrency", 1, 256);
  const routeMs = wholeOption(values["route-seconds"], "route-seconds", 1, 120) * 1000;
  const nodes = await ensureLocalNodes(values.port, 1, log);

  let data: CapacityData | undefined;
  const running: RunningService[] = [];
  try {
    data = await capacityData(nodes, source, values.rebuild, log);
    const { es, names, key } = data;
    const serviceDir = values["service-dir"];
    const nodePids = await localNodePids(es);
    const sampled = await sampleTargets(es, names);
    const makeNext = () => mixedRequests(sampled);
    const start = async (dir?: string): Promise<Target & { child: ChildProcess; logFile: string }> => {
      const service = await startOwnService(nodes, names.prefix, {}, dir);
      running.push(service);
      return { baseUrl: service.url, key, servicePid: service.child.pid ?? 0, nodePids, child: service.child, logFile: service.logFile };
    };
    log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), shared by the service, the node and this generator. ` +
      `Node pid(s) ${nodePids.join(",") || "not local"}, ${source} data under ${names.prefix}_*.`);
    const stepping = { steps, warmupMs, windowMs };

    let other: Capacity | undefined;
    if (serviceDir) {
      const target = await start(serviceDir);
      log(`\n0. The service of ${serviceDir} (pid ${target.servicePid}, log ${target.logFile}): the mixed load, closed loop, ${warmupMs / 1000} s warm-up + ${windowMs / 1000} s measured per step.`);
      other = (await mixedSteps(target, makeNext(), stepping)).capacity;
      for (const line of capacityLines(other, null)) log(line);
      running.pop()?.stop();
    }

    const target = await start();
    log(`\nThe service of this checkout (pid ${target.servicePid}, log ${target.logFile}).`);
    log(`\n1. The mixed load, closed loop: ${warmupMs / 1000} s warm-up + ${windowMs / 1000} s measured per step (CPU per request answered).`);
    const { capacity, rssMiB } = await mixedSteps(target, makeNext(), stepping);

    log(`\n2. Each kind alone at concurrency ${routeConcurrency}, 1 s warm-up + ${routeMs / 1000} s measured.`);
    log(`${"kind".padEnd(16)}${STEP_HEADER}${RSS_HEADER}`);
    const kinds = new Map<string, { step: Step; rssMiB: number }>();
    for (const kind of kindsOf(makeNext)) {
      const measured = await withRss(target.servicePid, () => measureStep(target, onlyKind(makeNext(), kind), routeConcurrency, 1000, routeMs));
      kinds.set(kind, { step: measured.result, rssMiB: measured.rssMiB });
      log(`${kind.padEnd(16)}${stepRow(measured.result)}${rssCell(measured.rssMiB)}`);
    }

    log("\n3. Compression of one response of each kind (CPU ms per body, median; bytes sent):");
    for (const text of compressionLines(await sampleBodies(target.baseUrl, key, sampled))) log(text);

    log("");
    for (const line of capacityLines(capacity, TARGETS)) log(line);
    log(`  service RSS under the mixed load: max ${rssMiB.toFixed(1)} MiB`);
    for (const line of byDayLines(kinds.get(BY_DAY.kind))) log(line);
    if (other) log(gainLine(capacity, other, serviceDir!));
    return 0;
  } finally {
    for (const service of running) service.stop();
    await data?.release();
  }
}

const RSS_HEADER = "  rss MiB";
const rssCell = (mib: number): string => (mib > 0 ? mib.toFixed(1) : "-").padStart(RSS_HEADER.length);

/** Runs `measure` while sampling the service's RSS twice a second; the highest value seen with its result. */
async function withRss<T>(pid: number, measure: () => Promise<T>): Promise<{ result: T; rssMiB: number }> {
  const rss = new RssSampler(pid);
  rss.start(500);
  let result: T;
  try {
    result = await measure();
  } finally {
    rss.stop();
  }
  return { result, rssMiB: rss.max };
}

/** Step 1: the capacity of the mixed load, each step's row printed with the service's RSS, and the highest RSS of all. */
async function mixedSteps(target: Target, next: () => LoadRequest, stepping: { steps: readonly number[]; warmupMs: number; windowMs: number }) {
  log(`${STEP_HEADER}${RSS_HEADER}`);
  const rss = new RssSampler(target.servicePid);
  rss.start(500);
  const onStep = (step: Step) => log(`${stepRow(step)}${rssCell(rss.windowMax())}`);
  const capacity = await measureCapacity(target, next, { ...stepping, onStep });
  return { capacity, rssMiB: rss.stop() };
}

/** One uncompressed response of each kind of the mix. */
async function sampleBodies(url: string, key: string, targets: LoadTargets): Promise<Array<{ label: string; body: Buffer }>> {
  const mix = mixedRequests(targets);
  const bodies: Array<{ label: string; body: Buffer }> = [];
  for (const request of Array.from({ length: kindsOf(() => mixedRequests(targets)).length }, mix)) {
    const response = await fetch(url + request.path, { headers: { "x-api-key": key, "accept-encoding": "identity" } });
    bodies.push({ label: request.kind, body: Buffer.from(await response.arrayBuffer()) });
  }
  return bodies;
}

function byDayLines(measured: { step: Step; rssMiB: number } | undefined): string[] {
  const cpu = measured ? measured.step.use.serviceMs / Math.max(1, measured.step.stats.answered) : Number.NaN;
  return [
    `  ${targetLine(`${BY_DAY.kind} alone: service CPU per request`, cpu, "<=", BY_DAY.serviceMsPerRequest, " ms")}`,
    `  ${targetLine(`${BY_DAY.kind} alone: service RSS under load`, measured?.rssMiB ?? Number.NaN, "<", BY_DAY.rssMiB, " MiB", 1)}`,
  ];
}

/** This checkout's capacity over --service-dir's, both at p99 <= the limit with nothing failed. */
function gainLine(capacity: Capacity, other: Capacity, serviceDir: string): string {
  const gain = capacity.best && other.best ? capacity.best.rate / other.best.rate - 1 : Number.NaN;
  const figures = `${capacity.best?.rate.toFixed(1) ?? "none"} vs ${other.best?.rate.toFixed(1) ?? "none"} req/s of ${serviceDir}, both p99 <= ${P99_LIMIT_MS} ms`;
  return `  ${targetLine(`capacity gain over --service-dir (${figures}):`, 100 * gain, ">=", 100 * CAPACITY_GAIN, "%", 0)}`;
}

runScript("bench:capacity", main);
