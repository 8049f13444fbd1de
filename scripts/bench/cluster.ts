/**
 * `npm run bench:cluster [-- --es-port 9210 --port 3100 --stats-port 8504 --share 60 | --rate N, --streams 1000 --quiet 20 --warmup 60 --speed 10 --rebuild --keep-cluster]`:
 * the topology of `npm run cluster` measured on the real data (issue 37), printed, never asserted:
 *   1. capacity on the mixed load (bettors' own keys) of one instance alone (no proxy, no Redis),
 *      then through HAProxy with 1, 2 and 3 instances sharing limits through Redis; CPU ms per
 *      second idle and per request (at --share of the first's capacity, the same rate for all)
 *      of the instances, the proxy and the nodes; the lone instance also at a third of that
 *      rate, what each of three instances gets, to tell the proxy's cost from the rate's;
 *   2. the limits across instances, asked of the three directly: a key of R req/s, a key's stream cap;
 *   3. chaos through the proxy at --share percent of the 3-instance capacity: a node killed, an
 *      instance killed, a rolling restart (failed requests per phase, the proxy's retries, the
 *      kernel's TCP resets);
 *   4. writer fail-over: two simulators, the writer SIGKILLed, the time to the next update;
 *   5. a rolling restart under --streams open streams (10 per key, each its own query): reconnects
 *      resumed without a snapshot, and every client against its polled endpoint after the writer stops;
 *   6. the writers' logs audited against the store: updates lost or applied twice.
 * Data: the openfootball rebuild under INDEX_PREFIX (default `bench_cluster`) on a 3-node cluster
 * on --es-port..+2 (started when down, stopped at the end when this run started it unless
 * --keep-cluster; the nodes keep their data on disk either way), kept between
 * runs and played on a clone (bench:stream's real-data.ts), the simulators replaying its hour at
 * --speed. Logs of every process: <tmp>/sfd-bench-cluster/.
 */
import { mkdir, rm } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { indexNames } from "../../src/store/index-names.js";
import { clusterPlanNodes, waitForGreen } from "../chaos/cluster-nodes.js";
import { parsePort } from "../es/options.js";
import { ensureElasticsearch, stopElasticsearch } from "../es/provision.js";
import { runScript, wholeOption } from "../lib/cli.js";
import { localNodePids } from "../lib/es-pids.js";
import { haproxyBinary } from "../lib/haproxy.js";
import { redisAvailable, startRedis, type RedisServer } from "../lib/redis-server.js";
import { buildService, freePort, startService } from "../lib/service.js";
import { formatPhases } from "../load/harness.js";
import { MixedLoad, type LoadRequest } from "../load/mixed-load.js";
import { parseShare } from "../load/rate-choice.js";
import { mixedRequests, sampleTargets } from "../load/targets.js";
import { cpuAtRate, measureTopology, type CapacityFigures, type CpuPerRequest } from "./cluster/capacity-phase.js";
import { closedWarmup } from "../load/warm-up.js";
import { runChaos } from "./cluster/chaos-phase.js";
import { measureSharedRate, measureSharedStreamCap } from "./cluster/limits-phase.js";
import { runStreamsUnderRestart } from "./cluster/streams-phase.js";
import { ClusterTopology } from "./cluster/topology.js";
import { auditWriters, firstAppliedAfter, startWriter, stopWriter, storedUpdateKeys, updatesOf, type Writer } from "./cluster/writers.js";
import { LoadLink } from "./stream/load-link.js";
import { queryMaterial } from "./stream/query-material.js";
import { generateQueries } from "./stream/queries.js";
import { ensureRealData, playCopy, restPristine, type RealData } from "./stream/real-data.js";
import { targetLine } from "../lib/target-line.js";

const NODES = 3;
/** Bettors sending the mixed load: enough keys that the proxy's hash spreads them over the instances. */
const LOAD_KEYS = 30;
/** The service's default stream cap per key (STREAMS_PER_KEY): the stream keys hold this many each. */
const STREAMS_PER_KEY = 10;
/** The rate-limited key's own limit. */
const LIMITED_RATE = 10;
const RATE_SECONDS = 20;
const FAIL_OVER_LIMIT_S = 15;
const log = (line: string): void => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      "es-port": { type: "string", default: "9210" },
      port: { type: "string", default: "3100" },
      "stats-port": { type: "string", default: "8504" },
      share: { type: "string", default: "60" },
      rate: { type: "string" },
      streams: { type: "string", default: "1000" },
      quiet: { type: "string", default: "20" },
      warmup: { type: "string", default: "60" },
      "keep-cluster": { type: "boolean", default: false },
      speed: { type: "string", default: "10" },
      rebuild: { type: "boolean", default: false },
    },
  });
  const esPort = parsePort(values["es-port"], "--es-port");
  const proxyPort = parsePort(values.port, "--port");
  const statsPort = parsePort(values["stats-port"], "--stats-port");
  const share = parseShare(values.share);
  const streamCount = wholeOption(values.streams, "streams", STREAMS_PER_KEY, 5000);
  const quietSeconds = wholeOption(values.quiet, "quiet", 5, 600);
  const speed = wholeOption(values.speed, "speed", 1, 600);
  const warmupMs = wholeOption(values.warmup, "warmup", 0, 600) * 1000;
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error("haproxy is not installed: apt-get install -y haproxy");
  if (!redisAvailable) throw new Error("redis-server is not installed: apt-get install -y redis-server");

  log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}) shared by ${NODES} nodes, 3 instances, HAProxy, Redis, the simulators and the load: ratios and CPU per request, not rates, carry over.`);
  const plan = clusterPlanNodes(esPort, NODES);
  const nodeUrls = plan.map((node) => node.url);
  const cluster = await ensureElasticsearch({ port: esPort, nodes: NODES, log });
  const prefix = process.env.INDEX_PREFIX ?? "bench_cluster";
  const config = loadConfig({ ...process.env, ELASTICSEARCH_URL: nodeUrls.join(","), INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(prefix);
  const logDir = join(tmpdir(), "sfd-bench-cluster");
  await rm(logDir, { recursive: true, force: true });
  await mkdir(logDir, { recursive: true });

  let data: RealData | undefined;
  let redis: RedisServer | undefined;
  let topology: ClusterTopology | undefined;
  const writers: Writer[] = [];
  const load = new LoadLink((line) => log(line));
  const keyIds: string[] = [];
  const keyStore = new ApiKeyStore(es, names.api_keys);
  try {
    data = await ensureRealData(es, names, { rebuild: values.rebuild }, log);
    await ensurePersistentIndices(es, names);
    await playCopy(es, names, data, 1);
    await waitForGreen(nodeUrls, 180_000);
    const newKey = async (userId: number, rateLimit: number, label: string) => {
      const created = await keyStore.create({ userId, roles: ["standings"], rateLimit, label: `bench:cluster ${label}` });
      keyIds.push(created.record.id);
      return created.key;
    };
    // Load keys carry a high limit of their own, so every request still passes the shared limiter (one Redis call), as production's do.
    const loadKeys = await Promise.all(Array.from({ length: LOAD_KEYS }, (_, i) => newKey(i + 1, 100_000, `load ${i + 1}`)));
    const streamKeys = await Promise.all(Array.from({ length: Math.ceil(streamCount / STREAMS_PER_KEY) }, (_, i) => newKey(1000 + i, 0, `streams ${i + 1}`)));
    const limitedKey = await newKey(9001, LIMITED_RATE, "rate limited");
    const cappedKey = await newKey(9002, 0, "stream cap");

    redis = await startRedis();
    const entry = await buildService();
    const serviceEnv = { ELASTICSEARCH_URL: nodeUrls.join(","), INDEX_PREFIX: prefix };
    topology = new ClusterTopology({ entry, proxyPort, statsPort, env: { ...serviceEnv, REDIS_URL: redis.url }, logDir, haproxy });
    const writerOptions = { env: serviceEnv, logDir, speed, startAt: data.playedFrom };
    writers.push(await startWriter("writer-a", writerOptions));
    if (!(await firstAppliedAfter(writers[0]!, 0, 60_000))) throw new Error(`writer-a applied no update within 60 s (see ${logDir}/writer-a.log)`);
    writers.push(await startWriter("writer-b", writerOptions));
    log(`Data '${prefix}' played from ${data.playedFrom.toISOString()} at ${speed}x; writer-a writes, writer-b waits on the lease; Redis ${redis.url}; logs ${logDir}.`);

    const nodePids = await localNodePids(es);
    const next = keyed(mixedRequests(await sampleTargets(es, names)), loadKeys);
    const figures: CapacityFigures[] = [];
    let aloneAtThird: CpuPerRequest | null = null;

    // 1. Capacity: one instance alone, then 1, 2, 3 behind the proxy; CPU per request at --share of the first's capacity.
    const alonePort = await freePort();
    const alone = await startService(entry, [], { PORT: String(alonePort), RATE_LIMIT_PER_SECOND: "20", ...serviceEnv });
    try {
      const pid = alone.pid!;
      log(`\n1. Capacity`);
      await closedWarmup(`http://127.0.0.1:${alonePort}`, loadKeys[0]!, next, warmupMs, (line) => log(`  ${line}`));
      const aloneTarget = { baseUrl: `http://127.0.0.1:${alonePort}`, key: loadKeys[0]!, servicePid: pid, servicePids: [pid], nodePids };
      figures.push(await measureTopology("1a. One instance, no proxy, no Redis", aloneTarget, null, next, { share }, log));
      // The same instance at the rate each of three instances gets behind the proxy: a process
      // answering a third as many requests wakes for each alone, so its CPU per request grows
      // with no proxy at all. Read apart, it tells the proxy's and Redis's cost from the rate's.
      log(`  the same instance at a third of that rate, each of three instances' share:`);
      aloneAtThird = (await cpuAtRate(aloneTarget, null, next, Math.max(1, Math.round(figures[0]!.compareRate / 3)), log)).perRequest;
    } finally {
      alone.kill("SIGKILL");
    }
    const compareRate = figures[0]!.compareRate;
    await topology.startProxy();
    for (let count = 1; count <= 3; count++) {
      await topology.startInstance(count - 1);
      await topology.waitForRunning();
      // Each new instance gets the warm-up the lone one had, on its own port: a cold process spends
      // seconds compiling, which the idle reading would charge to the topology (run 4 of session 19
      // read 26 ms/s more per proxied instance, most of it a fresh process's start).
      const added = topology.instances[count - 1]!;
      await closedWarmup(added.url, loadKeys[0]!, next, warmupMs, (line) => log(`  ${added.name}: ${line}`));
      const pids = topology.runningPids();
      const label = `1${"bcd"[count - 1]}. Through HAProxy, ${count} instance${count > 1 ? "s" : ""}, limits in Redis`;
      figures.push(await measureTopology(label, { baseUrl: topology.proxyUrl, key: loadKeys[0]!, servicePid: pids[0]!, servicePids: pids, nodePids }, topology.proxyPid, next, { rate: compareRate }, log));
    }

    // 2. Limits across the instances.
    log(`\n2. Limits across the three instances, asked of each in turn`);
    const instanceUrls = topology.instances.map((instance) => instance.url);
    const rate = await measureSharedRate(instanceUrls, limitedKey, LIMITED_RATE, RATE_SECONDS);
    log(`  a key of ${rate.limit} req/s sending ${rate.sentPerSecond}/s over ${rate.seconds} s: ${rate.allowedPerSecond.toFixed(2)} allowed/s, ${rate.refused} refused (429), ${rate.other} other`);
    const cap = await measureSharedStreamCap(instanceUrls, cappedKey, STREAMS_PER_KEY);
    log(`  a key capped at ${cap.cap} streams asking ${cap.asked}: ${cap.opened} opened, ${cap.refused} refused (429)${cap.other.length ? `, other: ${cap.other.join(",")}` : ""}`);

    // 3. Chaos under load.
    const three = figures.at(-1)!;
    if (three.capacity === 0 && values.rate === undefined) throw new Error("no capacity through the proxy to take a share of (an overloaded machine?): pass --rate");
    const chaosRate = values.rate === undefined ? Math.max(1, Math.round((three.capacity * share) / 100)) : wholeOption(values.rate, "rate", 1, 2000);
    log(`\n3. Chaos through the proxy at ${chaosRate} req/s (${values.rate === undefined ? `${share}% of the 3-instance capacity, ${three.capacity.toFixed(1)} req/s` : "--rate"})`);
    const chaos = await runChaos({ es, prefix, fixturesAlias: names.fixtures, esPort, nodes: NODES, topology, rate: chaosRate, key: loadKeys[0]!, next, quietSeconds, log });

    // 4. Writer fail-over: the writer now (the node kill may have moved the lease) is killed.
    const [first, second] = currentWriterFirst(writers);
    log(`\n4. Writer fail-over: SIGKILL ${first.name}, the writer now`);
    const killedAt = Date.now();
    await stopWriter(first, "SIGKILL");
    const firstLines = updatesOf(first);
    const storedAtKill = await storedUpdateKeys(es, names.fixtures, [...new Set(firstLines.map((line) => line.fixture_id))]);
    const taken = await firstAppliedAfter(second, killedAt, 60_000);
    const failOverSeconds = taken ? (taken.at_ms - killedAt) / 1000 : Number.NaN;
    log(`  ${second.name} applied its first update ${taken ? `${failOverSeconds.toFixed(1)} s after the kill` : "never (60 s)"}`);

    // 5. Rolling restart under streams.
    log(`\n5. Rolling restart under ${streamCount} streams (${streamKeys.length} keys x ${STREAMS_PER_KEY}, distinct queries)`);
    const queries = generateQueries("bench:cluster", streamCount, await queryMaterial(es, names.fixtures, topology.proxyUrl, streamKeys[0]!));
    const streams = await runStreamsUnderRestart({ load, topology, queries, keys: streamKeys, perKey: STREAMS_PER_KEY, steadySeconds: quietSeconds, stopWriter: () => stopWriter(second, "SIGTERM"), log });

    // 6. The writers' audit.
    const audit = await auditWriters(es, names.fixtures, { lines: firstLines, storedAtKill }, [second]);

    report({ figures, aloneAtThird, rate, cap, chaos, failOverSeconds, streams, audit });
    return 0;
  } finally {
    load.stop();
    for (const writer of writers) await stopWriter(writer, "SIGKILL");
    await topology?.stopAll();
    await redis?.stop();
    // Together: each revoke waits for a refresh, a second each one after the other.
    await Promise.all(keyIds.map((id) => keyStore.revoke(id).catch(() => false)));
    if (data) await restPristine(es, names, data).catch((error: unknown) => log(`could not put the pristine data back: ${(error as Error).message}`));
    await es.close();
    if (cluster.startedNow && !values["keep-cluster"]) await stopElasticsearch({ port: esPort, nodes: NODES, log });
  }
}

/** The two writers, the one that applied the latest update first. */
function currentWriterFirst(writers: readonly Writer[]): [Writer, Writer] {
  const lastApplied = (writer: Writer) => Math.max(0, ...updatesOf(writer).filter((line) => line.phase === "applied").map((line) => line.at_ms));
  const [a, b] = writers as [Writer, Writer];
  return lastApplied(a) >= lastApplied(b) ? [a, b] : [b, a];
}

/** The mixed load's requests, each with the next bettor's key in turn. */
function keyed(next: () => LoadRequest, keys: readonly string[]): () => LoadRequest {
  let n = 0;
  return () => ({ ...next(), key: keys[n++ % keys.length]! });
}

/** Per request, what the instances spend beyond their idle cost, 3 through the proxy over one alone. */
function netRatio(three: CapacityFigures, alone: CapacityFigures): number {
  const net = (f: CapacityFigures) => f.perRequest.service - f.idle.service / f.compareRate;
  return net(three) / net(alone);
}

type Outcome = {
  figures: CapacityFigures[];
  /** The lone instance's CPU per request at a third of the common rate (null if it was not read). */
  aloneAtThird: CpuPerRequest | null;
  rate: Awaited<ReturnType<typeof measureSharedRate>>;
  cap: Awaited<ReturnType<typeof measureSharedStreamCap>>;
  chaos: Awaited<ReturnType<typeof runChaos>>;
  failOverSeconds: number;
  streams: Awaited<ReturnType<typeof runStreamsUnderRestart>>;
  audit: Awaited<ReturnType<typeof auditWriters>>;
};

function report({ figures, aloneAtThird, rate, cap, chaos, failOverSeconds, streams, audit }: Outcome): void {
  const [alone, ...proxied] = figures as [CapacityFigures, ...CapacityFigures[]];
  const three = proxied.at(-1)!;
  console.log("\n== bench:cluster");
  console.log(`Capacity (10 s at the best closed-loop step, p99 <= 250 ms) and CPU: ms per second idle, ms per request at ${alone.compareRate} req/s (open loop):`);
  console.log("  topology                                          req/s  ratio | idle: service  proxy  nodes | per request: service  proxy  nodes  failed");
  const proxyText = (value: number | null) => (value === null ? "-" : value.toFixed(2));
  for (const f of figures) {
    console.log(
      `  ${f.label.padEnd(48)} ${f.capacity.toFixed(1).padStart(6)} ${(f.capacity / alone.capacity).toFixed(2).padStart(6)} |` +
        ` ${f.idle.service.toFixed(1).padStart(13)} ${proxyText(f.idle.proxy).padStart(6)} ${f.idle.nodes.toFixed(1).padStart(6)} |` +
        ` ${f.perRequest.service.toFixed(2).padStart(20)} ${proxyText(f.perRequest.proxy).padStart(6)} ${f.perRequest.nodes.toFixed(2).padStart(6)} ${String(f.compareFailed).padStart(7)}`,
    );
  }
  console.log(`  ${targetLine("service CPU per request, 3 instances through the proxy / one alone:", three.perRequest.service / alone.perRequest.service, "<=", 1.15)}`);
  console.log(`  (with the proxy's own CPU: ${((three.perRequest.service + (three.perRequest.proxy ?? 0)) / alone.perRequest.service).toFixed(2)}; net of each side's idle cost: ${netRatio(three, alone).toFixed(2)})`);
  // The same instance alone and behind the proxy at the same rate: what HAProxy and the shared limiter add to a request.
  const oneProxied = proxied[0]!;
  console.log(`  one instance through the proxy (Redis limits) / alone at the same rate: ${(oneProxied.perRequest.service / alone.perRequest.service).toFixed(2)}`);
  if (aloneAtThird) {
    const thirdRate = Math.max(1, Math.round(alone.compareRate / 3));
    console.log(`  one instance alone at ${thirdRate} req/s (each of three instances' share): service ${aloneAtThird.service.toFixed(2)} ms per request;` +
      ` 3 through the proxy / one alone at the same rate per instance: ${(three.perRequest.service / aloneAtThird.service).toFixed(2)}`);
  }

  console.log("Limits across 3 instances:");
  console.log(`  ${targetLine(`a key of ${rate.limit} req/s gets (req/s), / its limit:`, rate.allowedPerSecond / rate.limit, "<=", 1.1)}  (>= 0.90 too: ${rate.allowedPerSecond / rate.limit >= 0.9 ? "PASS" : "FAIL"})`);
  console.log(`  stream cap ${cap.cap}: ${cap.opened} opened of ${cap.asked} asked ${cap.opened === cap.cap && cap.other.length === 0 ? "PASS" : "FAIL"}`);

  console.log("Chaos through the proxy (open loop):");
  for (const line of formatPhases(chaos.phases)) console.log(line);
  for (const [phase, retries] of chaos.retries) console.log(`    ${phase}: HAProxy retried ${retries.retried}, redispatched ${retries.redispatched}`);
  const failed = MixedLoad.total(chaos.phases).failed;
  console.log(`  ${targetLine("failed requests over every phase:", failed, "<=", 0, "", 0)}; node back to green in ${chaos.greenSeconds.toFixed(1)} s`);

  console.log("Writer fail-over:");
  console.log(`  ${targetLine("new writer's first update after SIGKILL:", failOverSeconds, "<=", FAIL_OVER_LIMIT_S, " s", 1)}`);
  console.log(`  ${audit.updates} updates by ${JSON.stringify(audit.byWriter)}: ${audit.lost} lost, ${audit.duplicated} applied twice, ${audit.backwards} written back over a later state ${audit.lost + audit.duplicated + audit.backwards === 0 ? "PASS" : "FAIL"}`);
  for (const example of audit.examples) console.log(`    ${example}`);

  const { open, streams: s, truth } = streams;
  const resumed = s.reconnects - s.resnapshots;
  console.log(`Rolling restart under ${open.opened} open streams:`);
  console.log(`  ${s.reconnects} reconnects, ${resumed} resumed without a snapshot, ${s.resnapshots} with one; order violations ${s.violations}`);
  console.log(`  ${s.drops} drops (a stream ended or a reconnect failed, then retried): ${s.dropReasons.slice(0, 4).map(([reason, n]) => `${n} x ${reason}`).join("; ") || "-"}`);
  console.log(`  ${targetLine("share of reconnects resumed without a snapshot:", s.reconnects ? resumed / s.reconnects : Number.NaN, ">=", 0.9)}`);
  console.log(`  ${streams.connected} of ${open.opened} streams open again ${streams.reconnectedSeconds.toFixed(1)} s after the last instance was back (the writer stopped then)`);
  console.log(`  clients equal to their polled endpoint: ${truth.equal} of ${truth.clients} (first comparison ${truth.equalAtFirst}, after ${truth.seconds.toFixed(1)} s of comparing)`);
  console.log(`  ${targetLine("seconds from the last instance back to every client equal:", streams.equalAfterLastBackSeconds, "<=", 10, " s", 1)}`);
  for (const example of truth.firstExamples) console.log(`    differed at the first comparison: ${example}`);
  for (const example of truth.examples) console.log(`    ${example}`);
}

runScript("bench:cluster", main);
