/**
 * `npm run bench:capacity [-- --source real|synthetic --rebuild --service-dir DIR --warmup 4
 *   --window 12 --steps 1,2,4,... --route-concurrency 4 --route-seconds 6 --port 9200]`:
 * what the machine delivers of the mixed load of `npm run load` (scripts/load/targets.ts),
 * and what one request costs in CPU, printed (never asserted).
 *   1. closed-loop steps of rising concurrency, each `--warmup` s then a `--window` s measure:
 *      req/s, p50/p99, failed, shed, CPU ms per request of the service and of the node
 *      (/proc/<pid>/stat), the load generator's own CPU ms/s; stops once p99 > 250 ms, a
 *      request failed or was shed, or the rate stopped rising;
 *   2. each kind of the mix alone at `--route-concurrency` for `--route-seconds`;
 *   3. the capacity (the highest rate with p99 <= 250 ms, nothing failed) and the service's
 *      CPU per request at it against the targets (<= 2.5 ms, <= 25% of the node's).
 * `--service-dir DIR` runs another checkout's compiled service (DIR/dist/src/server.js) on the
 * same data, for before/after figures from one script.
 */
import { availableParallelism, cpus } from "node:os";
import { parseArgs } from "node:util";
import { ensureLocalNodes, runScript, wholeOption } from "../lib/cli.js";
import { capacityLines, DEFAULT_STEPS, measureCapacity, measureStep, STEP_HEADER, stepRow, type Target } from "../load/capacity.js";
import { localNodePids } from "../lib/es-pids.js";
import { startOwnService, type RunningService } from "../load/harness.js";
import { kindsOf, onlyKind } from "../load/route-mix.js";
import { mixedRequests, sampleTargets } from "../load/targets.js";
import { capacityData, type CapacityData } from "./capacity-data.js";

const TARGETS = { serviceMsPerRequest: 2.5, shareOfNode: 0.25 };
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
  let service: RunningService | undefined;
  try {
    data = await capacityData(nodes, source, values.rebuild, log);
    const serviceDir = values["service-dir"];
    service = await startOwnService(nodes, data.names.prefix, {}, serviceDir);
    const target: Target = { baseUrl: service.url, key: data.key, servicePid: service.child.pid ?? 0, nodePids: await localNodePids(data.es) };
    const sampled = await sampleTargets(data.es, data.names);
    const makeNext = () => mixedRequests(sampled);
    log(
      `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), shared by the service, the node and this generator. ` +
        `Service ${serviceDir ? `from ${serviceDir}` : "of this checkout"} (pid ${target.servicePid}, log ${service.logFile}), node pid(s) ${target.nodePids.join(",") || "not local"}, ` +
        `${source} data under ${data.names.prefix}_*.`,
    );

    log(`\n1. The mixed load, closed loop: ${warmupMs / 1000} s warm-up + ${windowMs / 1000} s measured per step (CPU per request answered).`);
    log(STEP_HEADER);
    const capacity = await measureCapacity(target, makeNext(), { steps, warmupMs, windowMs, onStep: (step) => log(stepRow(step)) });

    log(`\n2. Each kind alone at concurrency ${routeConcurrency}, 1 s warm-up + ${routeMs / 1000} s measured.`);
    log(`${"kind".padEnd(16)}${STEP_HEADER}`);
    for (const kind of kindsOf(makeNext)) {
      const step = await measureStep(target, onlyKind(makeNext(), kind), routeConcurrency, 1000, routeMs);
      log(`${kind.padEnd(16)}${stepRow(step)}`);
    }

    log("");
    for (const line of capacityLines(capacity, TARGETS)) log(line);
    return 0;
  } finally {
    service?.stop();
    await data?.release();
  }
}

runScript("bench:capacity", main);
