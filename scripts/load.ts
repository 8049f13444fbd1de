/**
 * `npm run load [-- --duration 300 --share 60 | --rate N, --rss-every 10 --port 9200 --nodes 1 --rebuild]`:
 * the mixed load (fixtures, fixtures/search, search, livescores) at a steady rate against the
 * service as a child process, on a synthetic data set of its own (deleted at the end).
 * The rate: `--rate`, or by default `--share` percent (60) of the capacity measured first on
 * the same service and data (closed-loop steps, scripts/load/capacity.ts), printed.
 * Prints the service's RSS every `--rss-every` seconds and its maximum (target < 150 MB),
 * requests sent, shed and failed, p50/p99, and CPU ms per request of the service and the node.
 *
 * `--rebuild`: a full rebuild (`npm run rebuild`) runs in the middle of the load; every
 * response is checked to come from a complete index (every known fixture of a by-id request
 * present), and the run reports the phases before, during and after the rebuild.
 * `--overload`: 200% of the capacity for `--overload-seconds` (30), then 60% for `--duration`
 * (30) s; shed, timeouts, RSS and the seconds back to normal (scripts/load/overload.ts).
 * Exit code 1 when a request failed or a target was missed.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import type { Target } from "./load/capacity.js";
import { ensureLocalNodes, runScript, wholeOption } from "./lib/cli.js";
import { cpuWindow, perRequestText } from "./lib/cpu.js";
import { localNodePids } from "./lib/es-pids.js";
import { createLoadKey, formatPhases, loadOwnData, ownPrefix, startOwnService, type OwnData, type RunningService } from "./load/harness.js";
import { rebuildInChild } from "./lib/rebuild-child.js";
import { MixedLoad } from "./load/mixed-load.js";
import { reportOverload, runOverload } from "./load/overload.js";
import { chooseRate, measureShortCapacity } from "./load/rate-choice.js";
import { RssSampler } from "./lib/rss.js";
import { completeIndexCheck, mixedRequests, sampleTargets, type LoadTargets } from "./load/targets.js";

const RSS_TARGET_MIB = 150;
const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string" },
      rate: { type: "string" },
      share: { type: "string", default: "60" },
      "rss-every": { type: "string", default: "10" },
      port: { type: "string" },
      nodes: { type: "string", default: "1" },
      rebuild: { type: "boolean", default: false },
      overload: { type: "boolean", default: false },
      "overload-seconds": { type: "string", default: "30" },
    },
  });
  if (values.overload && (values.rebuild || values.rate !== undefined)) throw new Error("--overload measures its own capacity and takes neither --rate nor --rebuild");
  // With --rebuild the duration is the time before and again after the rebuild; with --overload the time after the burst.
  const duration = wholeOption(values.duration ?? (values.rebuild ? "15" : values.overload ? "30" : "300"), "duration", 1, 3600);
  const overloadSeconds = wholeOption(values["overload-seconds"], "overload-seconds", 1, 600);
  const rssEvery = wholeOption(values["rss-every"], "rss-every", 1, 600);
  const nodes = await ensureLocalNodes(values.port, wholeOption(values.nodes, "nodes", 1, 5), log);

  let data: OwnData | undefined;
  let service: RunningService | undefined;
  try {
    data = await loadOwnData(nodes, ownPrefix("load"), log);
    const key = await createLoadKey(data.es, data.names, "npm run load");
    service = await startOwnService(nodes, data.names.prefix);
    const target: Target = { baseUrl: service.url, key, servicePid: service.child.pid ?? 0, nodePids: await localNodePids(data.es) };
    const sampled = await sampleTargets(data.es, data.names);
    log(`Service pid ${target.servicePid} at ${service.url} against ${nodes.join(",")}; log ${service.logFile}.`);
    if (values.overload) {
      const capacity = await measureShortCapacity(target, mixedRequests(sampled), log);
      const outcome = await runOverload({ baseUrl: service.url, key, next: mixedRequests(sampled), capacity: capacity.best!.rate, pid: target.servicePid, overloadSeconds, afterSeconds: duration }, log);
      return reportOverload(outcome, log) ? 0 : 1;
    }
    const { rate } = await chooseRate({ rate: values.rate, share: values.share }, target, mixedRequests(sampled), log);
    return await steady({ target, sampled, rate, duration, rssEvery, rebuild: values.rebuild, nodes, data, service });
  } finally {
    service?.stop();
    await data?.drop();
  }
}

type SteadyRun = { target: Target; sampled: LoadTargets; rate: number; duration: number; rssEvery: number; rebuild: boolean; nodes: string[]; data: OwnData; service: RunningService };

/** The load at `rate` for `duration` (a rebuild in the middle with --rebuild), RSS sampled; the verdict as the exit code. */
async function steady({ target, sampled, rate, duration, rssEvery, rebuild, nodes, data, service }: SteadyRun): Promise<number> {
  const load = new MixedLoad({
    baseUrl: target.baseUrl,
    key: target.key,
    rate,
    next: mixedRequests(sampled),
    ...(rebuild ? { check: completeIndexCheck } : {}),
  });
  const started = Date.now();
  const rss = new RssSampler(target.servicePid, (m) => {
    const t = String(Math.round((Date.now() - started) / 1000)).padStart(4);
    log(`  t=${t} s  service RSS ${m.rss.toFixed(1)} MiB (anonymous ${m.anon.toFixed(1)}, files ${m.file.toFixed(1)})`);
  });
  log(`${rate} req/s for ${rebuild ? `${duration} s, a rebuild, ${duration} s` : `${duration} s`}.`);
  const cpu = cpuWindow(target.servicePid, target.nodePids);
  rss.start(rssEvery * 1000);
  load.phase = rebuild ? "before" : "steady";
  load.start();
  await sleep(duration * 1000);
  if (rebuild) {
    load.phase = "rebuild";
    const rebuildStarted = Date.now();
    log(`${(await rebuildInChild(data.names.prefix, { nodes })).summary} (${((Date.now() - rebuildStarted) / 1000).toFixed(1)} s under load)`);
    load.phase = "after";
    await sleep(duration * 1000);
  }
  const phases = await load.stop();
  const use = cpu.end();
  const maxRss = rss.stop();
  const total = MixedLoad.total(phases);
  log(`\nService log ${service.logFile}.`);
  log(`Requests: ${total.sent} sent, ${total.shed} shed, ${total.failed} failed${rebuild ? " (a by-id response missing a known fixture counts as failed)" : ""}.`);
  for (const line of formatPhases(phases)) log(line);
  log(`CPU per request answered 200 over the run${rebuild ? " (the rebuild's writes included)" : ""}: ${perRequestText(use, total.ok)}; load generator ${use.generatorMsPerSecond.toFixed(0)} ms/s.`);
  log(`Service RSS max ${maxRss.toFixed(1)} MiB (target < ${RSS_TARGET_MIB}): ${maxRss < RSS_TARGET_MIB ? "met" : "NOT met"}.`);
  return total.failed === 0 && maxRss < RSS_TARGET_MIB ? 0 : 1;
}

runScript("load", main);
