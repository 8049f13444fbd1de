/**
 * `npm run bench:fair [-- --seconds 30 --warmup 5 --ordinary 6 --rate 1.5 --fixtures N --instances 1|3 --hammer pre-match|in-play]`:
 * whether one key within its budget can starve the others (issue 50), printed, never asserted.
 *   - ordinary keys (--ordinary, each its own key) send a score page's and a scanner's requests,
 *     open loop at --rate requests a second each (fixtures of a day, live search with the key's
 *     own thresholds, live scores, entity search, fixtures by id);
 *   - hammering keys send all-history backtests (--hammer: pre-match, or in-play) as fast as allowed: a closed loop of 2 at once per
 *     key that waits out Retry-After on 429 and 503;
 *   - phases of --seconds after --warmup each: ordinary keys alone, + 1 hammering key, + 3;
 *     per phase and group: answered, p50/p95, answered cost per second (Request-Cost) against the
 *     budget, refusals by status, the ordinary p95 over its p95 alone, the node's search thread
 *     pool rejections, CPU per request of the service and the node;
 *   - last, a client that disconnects: one backtest aborted after 100 ms (up to 3 until one is
 *     caught searching), and how long the node keeps searching for it.
 * The service runs with rate limits ON at the environment's budget (the defaults unless
 * RATE_LIMIT_PER_SECOND / RATE_LIMIT_BURST say otherwise; every other bench turns them off), the
 * compiled service as a child, no simulator; --instances 3: three behind HAProxy sharing budgets
 * in Redis, the ordinary keys through the proxy and the hammering keys at the three in turn.
 * Data: the real data under INDEX_PREFIX (default `bench_fair`), rebuilt when missing, or with
 * --fixtures N bench:scale's synthetic catalogue under `bench_backtest_<N>` (bench:backtest's,
 * scripts/lib/bench-data.ts). Service logs: <tmp>/sfd-bench-fair-<prefix>/.
 */
import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { benchPrefix, ensureBenchData } from "../lib/bench-data.js";
import { runScript, UsageError, wholeOption } from "../lib/cli.js";
import { cpuWindow } from "../lib/cpu.js";
import { localNodePids } from "../lib/es-pids.js";
import { sampleTargets } from "../load/targets.js";
import { closedWarmup } from "../load/warm-up.js";
import { measureDisconnect } from "./fair/disconnect.js";
import { allHistoryScopes, HAMMERS, HammeringKey } from "./fair/hammering-keys.js";
import { searchRejections } from "./fair/node-stats.js";
import { startOrdinaryKeys } from "./fair/ordinary-keys.js";
import { ordinaryMix } from "./fair/ordinary-mix.js";
import { groupFigures, Recorder } from "./fair/recorder.js";
import { budgetRatio, printReport, type PhaseResult } from "./fair/report.js";
import { fairLogDir, startFairServices, type Budget, type FairServices } from "./fair/services.js";

const log = (line: string): void => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function rateOption(value: string): number {
  const rate = Number(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || rate < 0.1 || rate > 20) throw new UsageError(`--rate must be requests a second per ordinary key, 0.1 to 20, got "${value}"`);
  return rate;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "30" },
      warmup: { type: "string", default: "5" },
      ordinary: { type: "string", default: "6" },
      rate: { type: "string", default: "1.5" },
      fixtures: { type: "string" },
      instances: { type: "string", default: "1" },
      hammer: { type: "string", default: "pre-match" },
    },
  });
  const seconds = wholeOption(values.seconds, "seconds", 1, 3_600);
  const warmupMs = wholeOption(values.warmup, "warmup", 0, 600) * 1000;
  const ordinaryCount = wholeOption(values.ordinary, "ordinary", 1, 100);
  const rate = rateOption(values.rate);
  const size = values.fixtures === undefined ? undefined : wholeOption(values.fixtures, "fixtures", 10_000, 100_000_000);
  const instances = wholeOption(values.instances, "instances", 1, 3);
  if (instances === 2) throw new UsageError("--instances must be 1 or 3");
  const hammer = HAMMERS.find((name) => name === values.hammer);
  if (hammer === undefined) throw new UsageError(`--hammer must be ${HAMMERS.join(" or ")}, got "${values.hammer}"`);
  const prefix = benchPrefix("bench_fair", size);
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const budget: Budget = config.rateLimit;
  if (budget.perSecond === 0) throw new UsageError("bench:fair measures the rate limits: unset RATE_LIMIT_PER_SECOND=0");
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 600_000 });
  const names = indexNames(prefix);
  const keyStore = new ApiKeyStore(es, names.api_keys);
  const keyIds: string[] = [];
  const newKey = async (userId: number, label: string, rateLimit: number | null = null) => {
    const created = await keyStore.create({ userId, roles: [], rateLimit, label: `bench:fair ${label}` });
    keyIds.push(created.record.id);
    return created.key;
  };
  let services: FairServices | undefined;
  try {
    const catalogue = await ensureBenchData(es, names, { prefix, size, indexLayout: config.indexLayout }, log);
    const targets = await sampleTargets(es, names);
    const scopes = await allHistoryScopes(es, names.fixtures_all);
    // Every key the default budget: none carries a rate_limit of its own.
    const ordinaryKeys = await Promise.all(Array.from({ length: ordinaryCount }, (_, k) => newKey(k + 1, `ordinary ${k + 1}`)));
    const hammerKeys = await Promise.all([1, 2, 3].map((j) => newKey(100 + j, `hammering ${j}`)));
    const leavingKey = await newKey(200, "disconnect");
    // Exempt (rate_limit 0): the warm-up runs as fast as a fresh process takes it, and spends no budget of a measured key.
    const warmKey = await newKey(300, "warm-up", 0);
    services = await startFairServices({ instances: instances as 1 | 3, prefix, budget, logDir: fairLogDir(prefix) });
    const nodePids = await localNodePids(es);
    const title = `${size === undefined ? "real data" : "synthetic catalogue"} '${prefix}' (${catalogue.toLocaleString("en")} fixtures), ${services.describe}; ${ordinaryCount} ordinary keys at ${rate} req/s each, hammering keys sending ${hammer} backtests; ${seconds} s a phase after ${warmupMs / 1000} s`;
    log(`bench:fair on ${title}`);

    // Each instance directly: a fresh process compiles its hot paths, which would inflate the p95 "alone" every ratio divides by.
    for (const url of services.instanceUrls) await closedWarmup(url, warmKey, ordinaryMix(targets, 0), warmupMs, (line) => log(`${url}: ${line}`));
    const recorder = new Recorder();
    const ordinary = await startOrdinaryKeys({ baseUrl: services.url, keys: ordinaryKeys, rate, targets, recorder });
    const hammering: HammeringKey[] = [];
    const phases: PhaseResult[] = [];
    try {
      for (const [name, keys] of [["ordinary alone", 0], ["+1 hammering", 1], ["+3 hammering", 3]] as const) {
        while (hammering.length < keys) {
          const j = hammering.length;
          hammering.push(new HammeringKey(hammerKeys[j]!, services.instanceUrls, scopes, recorder, j * 500, hammer));
        }
        phases.push(await measurePhase({ name, keys, warmupMs, seconds, recorder, es, pids: services.pids, nodePids, budget }));
      }
    } finally {
      await Promise.all([ordinary.stop(), ...hammering.map((key) => key.stop())]);
    }

    log(`Disconnect: one all-history backtest through ${services.url}, its client gone after 100 ms`);
    const disconnect = await measureDisconnect(es, { baseUrl: services.url, key: leavingKey, scopes });
    printReport({ title, synthetic: size !== undefined, budget, ordinaryKeys: ordinaryCount, phases, disconnect, byKind: recorder.byKind, anomalies: recorder.anomalies });
    return 0;
  } finally {
    await services?.stop();
    // Together: each revoke waits for a refresh, a second each one after the other.
    await Promise.all(keyIds.map((id) => keyStore.revoke(id).catch(() => false)));
    await es.close();
  }
}

type PhaseSetup = { name: string; keys: number; warmupMs: number; seconds: number; recorder: Recorder; es: Client; pids: number[]; nodePids: number[]; budget: Budget };

/** One phase: its warm-up unmeasured, then a window bracketed by the CPU meter and the node's rejection count. */
async function measurePhase(setup: PhaseSetup): Promise<PhaseResult> {
  const { name, keys, recorder, es, seconds } = setup;
  log(`${name}: warm-up ${setup.warmupMs / 1000} s, then ${seconds} s measured`);
  await sleep(setup.warmupMs);
  const rejected0 = await searchRejections(es);
  const meter = cpuWindow(setup.pids, setup.nodePids);
  recorder.open();
  await sleep(seconds * 1000);
  const window = recorder.close();
  const cpu = meter.end();
  const rejections = (await searchRejections(es)) - rejected0;
  const phase = { name, hammeringKeys: keys, seconds, ordinary: groupFigures(window, "ordinary", cpu.seconds), hammering: groupFigures(window, "hammering", cpu.seconds), rejections, cpu };
  const o = phase.ordinary;
  const h = phase.hammering;
  log(`  ordinary: ${o.answered} answered, p95 ${o.p95.toFixed(1)} ms, ${o.refused429} x 429, ${o.shed503 + o.other5xx} x 5xx` +
    (keys > 0 ? `; hammering: ${h.answered} answered, ${h.costPerSecond.toFixed(1)} units/s (x budget ${budgetRatio(phase, setup.budget).toFixed(2)}), ${h.refused429} x 429, ${h.shed503} x 503` : "") +
    `; node rejections ${rejections}`);
  return phase;
}

runScript("bench:fair", main);
