/**
 * `npm run bench:costs [-- --requests 30 --warmup 3] [--fixtures N]`: what each kind of request
 * costs, one kind at a time, one request at a time, through the compiled service (a child
 * process, production's flags): its wall time, the CPU of the service and of the node per request
 * read from /proc, and the `Request-Cost` it was charged; the last column holds the charge against
 * that CPU (units x COST_UNIT_MS / CPU ms), which the cost model (src/rate-limit/request-cost.ts)
 * keeps near 1 for requests of every size. Printed, never asserted.
 *
 * Data: the versioned indices under INDEX_PREFIX (default `sfd`, what `npm start` serves), or with
 * `--fixtures N` bench:scale's synthetic catalogue under `bench_backtest_<N>` (built by
 * `npm run bench:backtest -- --fixtures N`). The node must run on this machine (its CPU is read).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { cpuWindow } from "../lib/cpu.js";
import { runScript, UsageError, wholeOption } from "../lib/cli.js";
import { localNodePids } from "../lib/es-pids.js";
import { percentile } from "../lib/percentile.js";
import { freePort, serviceEntry, startService } from "../lib/service.js";
import { sampleTargets } from "../load/targets.js";
import { costKinds } from "./costs/kinds.js";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { requests: { type: "string", default: "30" }, warmup: { type: "string", default: "3" }, fixtures: { type: "string" } } });
  const requests = wholeOption(values.requests, "requests", 1, 10_000);
  const warmup = wholeOption(values.warmup, "warmup", 0, 1_000);
  const size = values.fixtures === undefined ? undefined : wholeOption(values.fixtures, "fixtures", 10_000, 100_000_000);
  const prefix = process.env.INDEX_PREFIX ?? (size === undefined ? "sfd" : `bench_backtest_${size}`);
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 60_000 });
  const names = indexNames(prefix);
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  try {
    if (!(await es.indices.existsAlias({ name: names.fixtures_all }))) {
      throw new UsageError(`no data under '${prefix}': run npm start (or npm run bench:backtest -- --fixtures N) first`);
    }
    const nodePids = await localNodePids(es);
    if (nodePids.length === 0) throw new UsageError("the node does not run on this machine: its CPU cannot be read");
    const kinds = await costKinds(es, names, await sampleTargets(es, names));
    const { key } = await new ApiKeyStore(es, names.api_keys).create({ userId: 0, roles: ["standings"], label: "bench:costs" });
    const port = await freePort();
    service = await startService(await serviceEntry(), [], { PORT: String(port), INDEX_PREFIX: prefix });
    const servicePid = service.pid ?? null;
    const { count } = await es.count({ index: names.fixtures_all });
    console.log(`What requests cost on '${prefix}' (${count.toLocaleString("en")} fixtures), ${requests} requests a kind after ${warmup} warm-up, one at a time; a unit is ${config.fairShare.unitMs} ms`);
    console.log(`${"kind".padEnd(34)} ${"wall p50".padStart(9)} ${"service".padStart(8)} ${"node".padStart(8)} ${"cost p50".padStart(9)} ${"cost mean".padStart(10)} ${"charge/CPU".padStart(11)}`);
    for (const kind of kinds) {
      const get = async (i: number) => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}${kind.path(i)}`, { headers: { "X-API-Key": key } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${kind.path(i)}: ${response.status}`);
        return { ms: performance.now() - started, cost: Number(response.headers.get("Request-Cost")) };
      };
      for (let i = 0; i < warmup; i++) await get(i);
      const window = cpuWindow(servicePid, nodePids);
      const answers = [];
      for (let i = 0; i < requests; i++) answers.push(await get(warmup + i));
      const use = window.end();
      const wall = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const costs = answers.map((answer) => answer.cost).sort((a, b) => a - b);
      const meanCost = costs.reduce((sum, cost) => sum + cost, 0) / requests;
      const service = use.serviceMs / requests;
      const node = use.nodeMs / requests;
      const ratio = (meanCost * config.fairShare.unitMs) / (service + node);
      const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(8);
      console.log(
        `${kind.name.padEnd(34)} ${`${percentile(wall, 0.5).toFixed(1)} ms`.padStart(9)} ${ms(service)} ${ms(node)} ${String(percentile(costs, 0.5)).padStart(9)} ${meanCost.toFixed(1).padStart(10)} ${ratio.toFixed(2).padStart(11)}`,
      );
    }
    return 0;
  } finally {
    service?.kill("SIGTERM");
    await es.close();
  }
}

runScript("bench:costs", main);
