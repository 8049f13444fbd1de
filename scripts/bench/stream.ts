/**
 * `npm run bench:stream [-- --streams 1000 --queries 100 --duration 60 --seed bench:stream --rebuild]`:
 * what the streams (GET /livescores/stream, GET /fixtures/search/stream) cost and deliver, on
 * the real data with the live simulator at speed 60 writing, printed (never asserted):
 *   1. one stream per query (`--queries` distinct queries);
 *   2. `--streams` streams over the same queries on one service instance: write -> event
 *      latency from each fixture's `updated_at`, events/s, snapshot time, service RSS and CPU,
 *      the node's CPU; Elasticsearch requests/s against phase 1 (cost follows queries);
 *   3. the polling equivalent: the same clients asking the polled endpoints once a second;
 *   4. two service instances on the node, the clients split; after the simulator stops,
 *      every client is compared with its polled endpoint's answer.
 * Data: the openfootball rebuild under INDEX_PREFIX (default `bench_stream`), made when
 * missing or older than a day and kept (real-data.ts: each phase replays the same match hour
 * on a clone). The service runs compiled, as in production, a fresh child per phase; the
 * clients run in a load process of their own (stream/load-process.ts); this process runs the
 * simulator. Everything started is stopped and the clones and the key are removed at the end.
 * `--service-dir DIR` measures another checkout's compiled service; `--json FILE` writes each
 * stream phase's figures (`streamFigures`) for `npm run bench:compare`.
 */
import { writeFile } from "node:fs/promises";
import { availableParallelism, cpus } from "node:os";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { loadConfig } from "../../src/config.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { indexNames } from "../../src/store/index-names.js";
import { runScript } from "../lib/cli.js";
import { LoadLink } from "./stream/load-link.js";
import { LatencyHistogram } from "./stream/latency-histogram.js";
import { parseStreamBenchOptions, type PhaseName } from "./stream/options.js";
import { Phases, SIMULATOR_SPEED, type StreamPhase } from "./stream/phases.js";
import { describeQueries } from "./stream/query-check.js";
import { localNodePids } from "../lib/es-pids.js";
import type { StreamClientSpec } from "./stream/protocol.js";
import { queryMaterial } from "./stream/query-material.js";
import { generateQueries, type StreamQuery } from "./stream/queries.js";
import { ensureRealData, restPristine, type RealData } from "./stream/real-data.js";
import { esLine, openedLines, pollLines, ratioLines, roundLines, streamsLines, targetLines, usageLines } from "./stream/report.js";
import { Services, type ServiceInstance } from "./stream/services.js";

const COST_RATIO_TARGET = 1.2;
const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const options = parseStreamBenchOptions(process.argv.slice(2));
  const prefix = process.env.INDEX_PREFIX ?? "bench_stream";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(prefix);
  const services = new Services(prefix, Math.max(10, options.streams), options.serviceDir);
  const figures: Partial<Record<PhaseName, StreamFigures>> = {};
  const show = (name: PhaseName, phase: StreamPhase) => {
    figures[name] = streamFigures(phase);
    printStreams(phase);
  };
  const load = new LoadLink(log);
  let data: RealData | undefined;
  let revoke: (() => Promise<void>) | undefined;
  try {
    log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), shared with the node and the load: ` +
      `the figures are this machine's, not the service's limits. ${options.streams} streams over ${options.queries} queries, ` +
      `${options.durationSeconds} s per phase, simulator at speed ${SIMULATOR_SPEED}.`);
    data = await ensureRealData(es, names, { rebuild: options.rebuild }, log);
    await ensurePersistentIndices(es, names);
    const keys = new ApiKeyStore(es, names.api_keys);
    const created = await keys.create({ userId: 0, roles: [], label: "bench:stream" });
    revoke = async () => void (await keys.revoke(created.record.id));
    const phases = new Phases({ es, names, data, services, load, key: created.key, esPid: (await localNodePids(es))[0] ?? null, durationMs: options.durationSeconds * 1000, log });

    let queries: StreamQuery[] = [];
    let prepared = false;
    // The queries are drawn once, on the first phase's service (the data and a service are up then).
    const before = async (service: ServiceInstance) => {
      if (prepared) return;
      prepared = true;
      queries = generateQueries(options.seed, options.queries, await queryMaterial(es, names.fixtures, service.url, created.key));
      for (const line of await describeQueries(queries, service.url, created.key)) log(`  ${line}`);
    };
    // Client i watches query i modulo the number of queries: every query has subscribers.
    const specs = (count: number) => (): StreamClientSpec[] =>
      Array.from({ length: count }, (_, i) => ({ streamPath: queries[i % queries.length]!.streamPath, pollPath: queries[i % queries.length]!.pollPath }));
    const run = options.phases;

    const low = run.has("one") ? await phases.streams("one stream per query", specs(options.queries), 1, { truth: false, before }) : null;
    if (low) show("one", low);
    const high = run.has("many") ? await phases.streams(`${options.streams} streams, one service instance`, specs(options.streams), 1, { truth: false, before }) : null;
    if (high) {
      show("many", high);
      for (const line of targetLines(high)) log(`  ${line}`);
    }
    if (low && high) for (const line of ratioLines({ clients: options.queries, es: low.es }, { clients: options.streams, es: high.es }, COST_RATIO_TARGET)) log(line);

    if (run.has("polling")) {
      if (!prepared) throw new Error("the polling phase needs a stream phase before it (--phases)");
      const polled = await phases.polling(`the polling equivalent: ${options.streams} clients asking the polled endpoints once a second`, specs(options.streams)().map((spec) => spec.pollPath));
      for (const line of [...pollLines(polled.poll), ...usageLines(polled.usage), esLine(polled.es)]) log(`  ${line}`);
      if (high) {
        log(`Streams against polling, ${options.streams} clients: service CPU ${high.usage[0]!.cpuMsPerSecond.toFixed(0)} vs ${polled.usage[0]!.cpuMsPerSecond.toFixed(0)} ms/s, ` +
          `node CPU ${high.usage.at(-1)!.cpuMsPerSecond.toFixed(0)} vs ${polled.usage.at(-1)!.cpuMsPerSecond.toFixed(0)} ms/s, ` +
          `Elasticsearch ${high.es.requestsPerSecond.toFixed(1)} vs ${polled.es.requestsPerSecond.toFixed(1)} requests/s`);
      }
    }

    if (run.has("two")) {
      show("two", await phases.streams(`two service instances, ${options.streams} streams split between them`, specs(options.streams), 2, { truth: true, before }));
    }
    if (run.has("burst")) {
      const burst = await phases.streams(`a burst of ${options.burst.toLocaleString("en")} writes while ${options.streams} streams over ${options.queries} queries are open`, specs(options.streams), 1, {
        truth: false,
        burst: options.burst,
        before,
      });
      show("burst", burst);
    }
    if (options.json) await writeFile(options.json, JSON.stringify(figures));
    return 0;
  } finally {
    load.stop();
    services.stopAll();
    if (data) await restPristine(es, names, data).catch((error: unknown) => log(`could not restore ${names.fixtures}: ${(error as Error).message}`));
    await revoke?.().catch(() => {});
    await es.close();
  }
}

/** A phase's figures by name, what bench:compare puts side by side (service figures: every instance's together). */
export type StreamFigures = Record<string, number>;

function streamFigures(phase: StreamPhase): StreamFigures {
  const services = phase.usage.slice(0, -1);
  const latency = LatencyHistogram.fromSparse(...phase.streams.instances.map((instance) => instance.latency));
  const snapshot = LatencyHistogram.fromSparse(phase.open.snapshotMs);
  const events = phase.streams.instances.reduce((sum, instance) => sum + instance.events, 0);
  return {
    "service CPU ms/s": services.reduce((sum, usage) => sum + usage.cpuMsPerSecond, 0),
    "service RSS MiB": Math.max(...services.map((usage) => usage.maxRssMiB ?? Number.NaN)),
    "service CPU opening ms": phase.openingCpu.serviceMs ?? Number.NaN,
    "snapshot p50 ms": snapshot.percentile(0.5),
    "snapshot p99 ms": snapshot.percentile(0.99),
    "write->event p50 ms": latency.percentile(0.5),
    "write->event p99 ms": latency.percentile(0.99),
    "events/s": events / phase.streams.seconds,
    "Elasticsearch req/s": phase.es.requestsPerSecond,
    "node CPU ms/s": phase.usage.at(-1)!.cpuMsPerSecond,
  };
}

function printStreams(phase: StreamPhase): void {
  const serviceCpuMs = phase.usage.slice(0, -1).reduce((sum, usage) => sum + usage.cpuMsPerSecond * phase.seconds, 0);
  const lines = [...openedLines(phase.open, phase.clients, phase.openingCpu), ...streamsLines(phase.streams), ...usageLines(phase.usage), esLine(phase.es), ...roundLines(phase.es.rounds, serviceCpuMs)];
  if (phase.burst) lines.push(`burst: ${phase.burst.written.toLocaleString("en")} fixtures rewritten in ${phase.burst.seconds.toFixed(1)} s`);
  if (phase.truth !== null) {
    const { clients, equalAtFirst, equal, seconds, examples, firstExamples } = phase.truth!;
    lines.push(`equal to the polled endpoint after the simulator stopped: ${equalAtFirst}/${clients} at the first comparison, ${equal}/${clients} after ${seconds.toFixed(1)} s; ${clients - equal} differ`);
    lines.push(...firstExamples.map((example) => `  differed at the first comparison: ${example}`));
    lines.push(...examples.map((example) => `  differs: ${example}`));
  }
  for (const line of lines) log(`  ${line}`);
}

runScript("bench:stream", main);
