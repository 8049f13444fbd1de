/**
 * `npm run bench:request-cost [-- --rate 30 --duration 60 --per-kind 0 --prefix P --keep]`: what one
 * request of the mixed load (`npm run load`'s mix, scripts/load/targets.ts) costs in CPU: the
 * compiled service as a child on a synthetic data set of its own, the mix sent open-loop at
 * `--rate` req/s (well below capacity, so nothing queues) for `--duration` s, and the service's
 * and the node's utime+stime from /proc/<pid>/stat before and after, divided by the requests
 * answered. `--per-kind S` then sends each kind of request alone for S seconds, for the same
 * figures per kind. Last, one response of each kind compressed with each codec the service could
 * use: CPU ms and bytes (the mix's fetch asks for `gzip, deflate`, so the service sends gzip).
 *
 * The node is shared with whatever else runs on it, so its figure is an upper bound. The
 * service's highest RSS during the mix is printed beside it (CPU and memory trade against each
 * other through V8's flags and FIXTURE_CACHE_MB, which reaches the service from the environment). `--keep`
 * keeps the data set (its prefix is printed) and `--prefix` reuses one, so that two runs
 * (before and after a change) measure the same documents. SERVICE_NODE_ARGS (as for `npm run
 * load`) adds V8 flags to the service, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile.
 */
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { ensureLocalNodes, runScript, wholeOption } from "../lib/cli.js";
import { createLoadKey, loadOwnData, ownPrefix, startOwnService, type OwnData, type RunningService } from "../load/harness.js";
import { MixedLoad } from "../load/mixed-load.js";
import { RssSampler } from "../lib/rss.js";
import { mixedRequests, sampleTargets, type LoadTargets } from "../load/targets.js";
import { compressionLines } from "./compression-costs.js";
import type { LoadRequest } from "../load/mixed-load.js";
import { cpuWindow } from "../lib/cpu.js";
import { localNodePids } from "../lib/es-pids.js";

const log = (line: string): void => console.log(line);

type Cost = { label: string; answered: number; failed: number; p50: number; serviceMs: number; nodeMs: number };

/** Sends `next` at `rate` for `seconds` and divides both processes' CPU by the requests answered. */
async function measure(label: string, url: string, key: string, rate: number, seconds: number, next: () => LoadRequest, pids: { service: number; nodes: number[] }): Promise<Cost> {
  const load = new MixedLoad({ baseUrl: url, key, rate, next });
  const window = cpuWindow(pids.service, pids.nodes);
  load.start();
  await sleep(seconds * 1000);
  const phases = await load.stop();
  const use = window.end();
  const { sent, failed } = MixedLoad.total(phases);
  const answered = sent - failed;
  const p50 = phases[0]?.p50 ?? Number.NaN;
  for (const [reason, count] of phases.flatMap((p) => p.reasons).slice(0, 3)) log(`    ${count} x ${reason}`);
  return { label, answered, failed, p50, serviceMs: use.serviceMs / answered, nodeMs: use.nodeMs / answered };
}

/** One uncompressed response of each kind of the mix. */
async function sampleBodies(url: string, key: string, targets: LoadTargets): Promise<Array<{ label: string; body: Buffer }>> {
  const mix = mixedRequests(targets);
  const bodies: Array<{ label: string; body: Buffer }> = [];
  for (let kind = 0; kind < 5; kind++) {
    const request = mix();
    const response = await fetch(url + request.path, { headers: { "x-api-key": key, "accept-encoding": "identity" } });
    bodies.push({ label: request.kind, body: Buffer.from(await response.arrayBuffer()) });
  }
  return bodies;
}

function line(cost: Cost): string {
  const share = (100 * cost.serviceMs) / cost.nodeMs;
  return `  ${cost.label.padEnd(16)} ${String(cost.answered).padStart(6)} answered ${String(cost.failed).padStart(4)} failed  p50 ${cost.p50.toFixed(1).padStart(6)} ms  ` +
    `service ${cost.serviceMs.toFixed(2).padStart(6)} ms/req  node ${cost.nodeMs.toFixed(2).padStart(6)} ms/req  service/node ${Number.isFinite(share) ? share.toFixed(0) : "-"}%`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      rate: { type: "string", default: "30" },
      duration: { type: "string", default: "60" },
      "per-kind": { type: "string", default: "0" },
      warmup: { type: "string", default: "10" },
      prefix: { type: "string" },
      keep: { type: "boolean", default: false },
      port: { type: "string" },
    },
  });
  const rate = wholeOption(values.rate, "rate", 1, 500);
  const duration = wholeOption(values.duration, "duration", 1, 600);
  const perKind = wholeOption(values["per-kind"], "per-kind", 0, 120);
  const warmup = wholeOption(values.warmup, "warmup", 0, 120);
  const nodes = await ensureLocalNodes(values.port, 1, log);

  let data: OwnData;
  if (values.prefix) {
    const config = loadConfig({ ...process.env, ELASTICSEARCH_URL: nodes.join(","), INDEX_PREFIX: values.prefix });
    const es = createElasticsearchClient(config.elasticsearch);
    data = { es, names: indexNames(values.prefix), drop: async () => void (await es.close()) };
    log(`Reusing the data under ${values.prefix}_*.`);
  } else {
    data = await loadOwnData(nodes, ownPrefix("cost"), log);
  }
  const keep = values.keep || values.prefix !== undefined;
  let service: RunningService | undefined;
  try {
    const key = await createLoadKey(data.es, data.names, "bench:request-cost");
    service = await startOwnService(nodes, data.names.prefix);
    const pids = { service: service.child.pid ?? 0, nodes: await localNodePids(data.es) };
    const targets = await sampleTargets(data.es, data.names);
    log(`Service pid ${pids.service}, node pid(s) ${pids.nodes.join(",") || "not local"}; ${rate} req/s, ${warmup} s warm-up, ${duration} s mixed${perKind ? `, ${perKind} s per kind` : ""}.`);
    if (warmup > 0) await measure("warm-up", service.url, key, rate, warmup, mixedRequests(targets), pids);
    const rss = new RssSampler(pids.service);
    rss.start(1000);
    const costs = [await measure("mix", service.url, key, rate, duration, mixedRequests(targets), pids)];
    log(`${line(costs[0]!)}  service RSS max ${rss.stop().toFixed(1)} MiB`);
    if (perKind > 0) {
      // The mix's kinds one at a time: every fifth request of the rotation, from its start.
      for (let kind = 0; kind < 5; kind++) {
        const mix = mixedRequests(targets);
        let first: LoadRequest | undefined;
        const only = (): LoadRequest => {
          const requests = Array.from({ length: 5 }, mix);
          return (first = requests[kind]!);
        };
        only();
        const cost = await measure(first!.kind, service.url, key, rate, perKind, only, pids);
        costs.push(cost);
        log(line(cost));
      }
    }
    log("Compression of one response of each kind (CPU ms per body, median; bytes sent):");
    for (const text of compressionLines(await sampleBodies(service.url, key, targets))) log(text);
    return costs.some((cost) => cost.failed > 0) ? 1 : 0;
  } finally {
    if (service) {
      // Waited for: a --cpu-prof profile is written as the process exits.
      const exited = once(service.child, "exit");
      service.stop();
      await exited;
    }
    if (keep) {
      log(`Data kept under ${data.names.prefix}_* (reuse with --prefix ${data.names.prefix}).`);
      await data.es.close();
    } else {
      await data.drop();
    }
  }
}

runScript("bench:request-cost", main);
