/**
 * The floor harness behind `npm run bench:search` and `npm run bench:fixtures`: one run
 * measures a set of scenarios through four targets in rotating slices (side-by-side.ts) with
 * the same closed loop (scripts/lib/load-driver.ts) and concurrency:
 * - the service (a child process, production's flags);
 * - the stack floor: koa, @koa/router and our Elasticsearch client and none of our code,
 *   making the service's node requests and answering the service's own bytes (floor-server.ts);
 * - the bare floor: the same with node:http and nothing else;
 * - the raw node: the service's node requests sent straight to it.
 * Beside the latencies, CPU ms per request of each from /proc (target-cpu.ts). A scenario set
 * (search-scenarios.ts, fixtures-scenarios.ts) says what is asked and how the service runs.
 *
 * Targets (issue 28), PASS/FAIL per scenario: service/stack p50 <= 1.10 (what our own code
 * adds to the latency of the stack it must be built on) and (service - stack) CPU per
 * request <= the scenario's limit (0.5 ms, 1.5 ms where one request makes two node round trips).
 */
import type { ChildProcess } from "node:child_process";
import { Agent } from "node:http";
import { availableParallelism } from "node:os";
import type { Client, estypes } from "@elastic/elasticsearch";
import { loadConfig } from "../../../src/config.js";
import { createElasticsearchClient } from "../../../src/store/client.js";
import { fixtureIdOf } from "../../../src/store/hit-ids.js";
import { indexNames, type IndexNames } from "../../../src/store/index-names.js";
import { localNodePids } from "../../lib/es-pids.js";
import { send } from "../../lib/http-send.js";
import { closedLoopFor, okWhen200, type Attempt } from "../../lib/load-driver.js";
import { targetLine } from "../../lib/target-line.js";
import { floorKind, floorNodeSend, serveFloor, startFloors } from "./floor-server.js";
import { bareNodeSend, replyJson, type NodeReply, type NodeSend } from "./node-send.js";
import { parseRunOptions, rotate, TARGET_NAMES, type Measured, type RunOptions, type TargetName } from "./side-by-side.js";
import { cpuText, TargetCpuMeter, type TargetPids } from "./target-cpu.js";

/** The limit on service/stack p50 for every scenario. */
export const STACK_RATIO_TARGET = 1.1;

export type FloorScenario = {
  name: string;
  /** The service's path and query. */
  servicePath: string;
  /** The node round trips of one request, as the service makes them for a page it has seen. */
  raw: () => Promise<NodeReply>;
  /** The fixture ids of a raw answer in the service's order (default: the hits' ids). */
  ids?: (reply: NodeReply) => number[];
  /** The limit on (service - stack) CPU ms per request. */
  cpuLimitMs: number;
};

/** The service under test: where it answers, with which key, its process (none when already running) and its cleanup. */
export type ServiceUnderTest = { url: string; key: string; child: ChildProcess | null; release: () => Promise<void> };

export type FloorRow = { scenario: FloorScenario; serviceBytes: number; rawBytes: number } & Record<TargetName, Measured>;

export type ScenarioSet<Picks> = {
  /** The file a floor child runs with --floor (the entry that calls `runFloorBench`). */
  entry: string;
  defaults: Omit<RunOptions, "serviceDir">;
  defaultPrefix: string;
  /** Prints the data's size; throws when it is too small for the figures to mean anything. */
  describeData: (es: Client, names: IndexNames) => Promise<void>;
  /** What the scenarios are about, chosen once and handed to the floor children as JSON. */
  pick: (es: Client, names: IndexNames) => Promise<Picks>;
  scenarios: (toNode: NodeSend, node: string, names: IndexNames, picks: Picks) => FloorScenario[];
  startService: (es: Client, prefix: string, serviceDir: string | undefined) => Promise<ServiceUnderTest>;
  /** Targets of the set's own besides the harness's. */
  extraTargets?: (rows: readonly FloorRow[]) => string[];
};

export function hitIds(reply: NodeReply): number[] {
  // The node's reads carry no stored field, so no `_id`: the id comes from doc values (src/store/hit-ids.ts).
  return replyJson<estypes.SearchResponse>(reply).hits.hits.map((hit) => fixtureIdOf(hit) ?? Number.NaN);
}

export async function runFloorBench<Picks>(set: ScenarioSet<Picks>): Promise<void> {
  if (process.argv.includes("--floor")) return serveFloorMode(set);
  const options = parseRunOptions(set.defaults);
  const prefix = process.env.INDEX_PREFIX ?? set.defaultPrefix;
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient(config.elasticsearch);
  const names = indexNames(prefix);
  const node = config.elasticsearch.nodes[0]!;
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections * 2 });
  const floors: ChildProcess[] = [];
  let service: ServiceUnderTest | undefined;
  try {
    console.log(`Machine: ${availableParallelism()} cores.`);
    await set.describeData(es, names);
    const under = await set.startService(es, prefix, options.serviceDir);
    service = under;
    const picks = await set.pick(es, names);
    const floorEnv = { INDEX_PREFIX: prefix, serviceUrl: under.url, apiKey: under.key, FLOOR_PICKS: JSON.stringify(picks) };
    const { stack, floor } = await startFloors(set.entry, floorEnv);
    floors.push(stack.child, floor.child);
    console.log(`Service ${under.url}${options.serviceDir ? ` (from ${options.serviceDir})` : ""}, stack floor ${stack.url}, bare floor ${floor.url}, ` +
      `node ${node}; ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per target in ${options.rounds} rotating slices.\n`);
    const pids: TargetPids = { service: under.child?.pid ?? 0, stack: stack.child.pid ?? 0, floor: floor.child.pid ?? 0, nodes: await localNodePids(es) };

    const rows: FloorRow[] = [];
    const get = (url: string, headers: Record<string, string> = {}): Attempt => async (on) => okWhen200(await send(on, url, { headers }));
    for (const [n, scenario] of set.scenarios(bareNodeSend(agent), node, names, picks).entries()) {
      const attempts: Record<TargetName, Attempt> = {
        service: get(under.url + scenario.servicePath, { "x-api-key": under.key }),
        stack: get(`${stack.url}/floor/${n}`),
        floor: get(`${floor.url}/floor/${n}`),
        raw: async () => okWhen200(await scenario.raw()),
      };
      const askService = () => send(agent, under.url + scenario.servicePath, { headers: { "x-api-key": under.key } });
      rows.push(await measureScenario(scenario, askService, attempts, agent, options, new TargetCpuMeter(pids)));
    }
    printSummary(rows, set.extraTargets?.(rows) ?? []);
  } finally {
    agent.destroy();
    for (const child of floors) child.kill("SIGTERM");
    await service?.release();
    await es.close();
  }
}

/** --floor: a floor server (floor-server.ts, FLOOR_KIND) for every scenario of the set, on `/floor/<n>`. */
async function serveFloorMode<Picks>(set: ScenarioSet<Picks>): Promise<void> {
  const config = loadConfig({ ...process.env, INDEX_PREFIX: process.env.INDEX_PREFIX ?? set.defaultPrefix });
  const picks = JSON.parse(process.env.FLOOR_PICKS ?? "null") as Picks;
  const kind = floorKind();
  const list = set.scenarios(floorNodeSend(kind, config.elasticsearch), config.elasticsearch.nodes[0]!, indexNames(config.indexPrefix), picks);
  await serveFloor(
    list.map((scenario, n) => ({ path: `/floor/${n}`, serviceUrl: `${process.env.FLOOR_SERVICE_URL}${scenario.servicePath}`, roundTrips: scenario.raw })),
    process.env.FLOOR_API_KEY ?? "",
    kind,
  );
}

/** One scenario: checks that service and node agree, warms every target up, then measures them in rotation. */
async function measureScenario(
  scenario: FloorScenario,
  askService: () => Promise<NodeReply>,
  attempts: Record<TargetName, Attempt>,
  agent: Agent,
  options: RunOptions,
  meter: TargetCpuMeter,
): Promise<FloorRow> {
  // Both sides answer the same fixtures, or the comparison means nothing.
  const check = await askService();
  const serviceIds = check.status === 200 ? (JSON.parse(check.body.toString()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id) : [];
  const rawCheck = await scenario.raw();
  const rawIds = (scenario.ids ?? hitIds)(rawCheck);
  if (serviceIds.length === 0 || JSON.stringify(serviceIds) !== JSON.stringify(rawIds)) {
    throw new Error(`${scenario.name}: service and node disagree or find nothing (service answered ${check.status})`);
  }
  const c = options.connections;
  for (const target of TARGET_NAMES) await closedLoopFor(attempts[target], c, options.warmup, [], `warm-up ${target}`, agent);
  const measured = await rotate(options.rounds, meter, (target, latencies) =>
    closedLoopFor(attempts[target], c, options.duration / options.rounds, latencies, `${scenario.name} ${target}`, agent),
  );
  console.log(`${scenario.name} (${serviceIds.length} fixtures; ${(check.body.length / 1024).toFixed(0)} KiB from the service, ${(rawCheck.body.length / 1024).toFixed(0)} KiB from the node)`);
  for (const [label, m] of [["service", measured.service], ["stack", measured.stack], ["floor", measured.floor], ["raw node", measured.raw]] as const) {
    console.log(`  ${label.padEnd(9)} ${`${m.rps.toFixed(1)} req/s`.padEnd(14)} p50 ${ms(m.p50).padEnd(10)} p99 ${ms(m.p99).padEnd(10)} (${m.samples} requests)`);
  }
  const row: FloorRow = { scenario, ...measured, serviceBytes: check.body.length, rawBytes: rawCheck.body.length };
  console.log(`  ${ratioText(row)}`);
  console.log(`  ${cpuText(measured)}`);
  for (const line of targetLines(row)) console.log(`  ${line}`);
  console.log("");
  return row;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function ratioText({ service: sv, stack: st, floor: fl, raw }: FloorRow): string {
  return `p50 ratios: service/raw ${(sv.p50 / raw.p50).toFixed(2)}, floor/raw ${(fl.p50 / raw.p50).toFixed(2)}, ` +
    `stack/floor ${(st.p50 / fl.p50).toFixed(2)}, service/stack ${(sv.p50 / st.p50).toFixed(2)}, ` +
    `service/floor ${(sv.p50 / fl.p50).toFixed(2)}; p99 service/raw ${(sv.p99 / raw.p99).toFixed(2)}`;
}

/** The harness's two targets for a row, each a PASS/FAIL line. */
export function targetLines(row: FloorRow): string[] {
  const extraCpu = row.service.cpu.ownMs - row.stack.cpu.ownMs;
  return [
    targetLine("service/stack p50", row.service.p50 / row.stack.p50, "<=", STACK_RATIO_TARGET),
    targetLine("(service - stack) CPU per request", extraCpu, "<=", row.scenario.cpuLimitMs, " ms"),
  ];
}

function printSummary(rows: readonly FloorRow[], extra: readonly string[]): void {
  console.log("Summary: service/stack is what our own code adds to koa, @koa/router and the Elasticsearch client (the stack floor); " +
    "stack/floor what that stack adds to the bare hop; floor/raw the extra hop with the service's bytes and nothing else.");
  for (const row of rows) {
    console.log(`  ${row.scenario.name}`);
    console.log(`    ${ratioText(row)}`);
    console.log(`    ${cpuText(row)}`);
    for (const line of targetLines(row)) console.log(`    ${line}`);
  }
  for (const line of extra) console.log(`  ${line}`);
}
