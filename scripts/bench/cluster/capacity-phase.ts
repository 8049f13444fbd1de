/**
 * A topology on the mixed load, three readings:
 *  - idle: the CPU each side spends per second with no request (the change feed's poll, the
 *    writer's updates each instance follows): a cost per instance, not per request;
 *  - capacity: the short closed-loop steps load and chaos use (scripts/load/rate-choice.ts,
 *    `SHORT`) find the best concurrency, then a 10 s window at it gives the rate (a 4 s step
 *    alone swung by 2x on this shared machine);
 *  - CPU per request at one rate common to every topology (open loop): the instances'
 *    together, the proxy's and the nodes', per request answered. At capacity each topology
 *    would divide its idle cost by a different rate.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { loadAttempt, type LoadRequest } from "../../load/answer.js";
import { capacityLines, DEFAULT_STEPS, measureCapacity, STEP_HEADER, stepRow, type Capacity, type Target } from "../../load/capacity.js";
import { SHORT } from "../../load/rate-choice.js";
import { cpuWindow, type CpuUse } from "../../lib/cpu.js";
import { ClosedLoop, measureWindow, OpenLoop } from "../../lib/load-driver.js";

const CAPACITY_WINDOW = { warmupMs: 2_000, windowMs: 10_000 };
const IDLE_MS = 8_000;
const COMPARE = { warmupMs: 3_000, windowMs: 15_000 };

export type CpuPerRequest = { service: number; proxy: number | null; nodes: number };

export type CapacityFigures = {
  label: string;
  steps: Capacity;
  /** Requests per second over the 10 s window at the best step's concurrency (0 when no step was within limits). */
  capacity: number;
  /** CPU ms per second with no load. */
  idle: CpuPerRequest;
  /** The open-loop rate CPU per request was read at, and what failed there. */
  compareRate: number;
  compareFailed: number;
  perRequest: CpuPerRequest;
};

type Meters = { service: number | readonly number[]; proxy: number | null; nodes: readonly number[] };

/** `compare`: the common rate, or a share of this topology's capacity (the first topology sets the rate for the rest). */
export async function measureTopology(
  label: string,
  target: Target & { servicePids: readonly number[] },
  proxyPid: number | null,
  next: () => LoadRequest,
  compare: { rate: number } | { share: number },
  log: (line: string) => void,
): Promise<CapacityFigures> {
  log(`\n${label}`);
  const meters: Meters = { service: target.servicePids, proxy: proxyPid, nodes: target.nodePids };
  const idleUse = await metered(meters, () => sleep(IDLE_MS));
  const idle = perUnit(idleUse, idleUse.service.seconds);
  log(`  idle for ${IDLE_MS / 1000} s: CPU ms per second: ${cpuText(idle)}`);

  log(`  ${STEP_HEADER}`);
  const steps = await measureCapacity(target, next, { steps: DEFAULT_STEPS, ...SHORT, onStep: (step) => log(`  ${stepRow(step)}`) });
  for (const line of capacityLines(steps, null)) log(`  ${line}`);
  let capacity = 0;
  if (steps.best) {
    const loop = new ClosedLoop(loadAttempt({ baseUrl: target.baseUrl, key: target.key, next, timeoutMs: 10_000 }));
    loop.start(steps.best.concurrency);
    const { stats, use } = await measureWindow(loop, CAPACITY_WINDOW.warmupMs, CAPACITY_WINDOW.windowMs, () => cpuWindow(null, []));
    await loop.stop();
    capacity = stats.answered / use.seconds;
    log(`  capacity: ${capacity.toFixed(1)} req/s over ${CAPACITY_WINDOW.windowMs / 1000} s at concurrency ${steps.best.concurrency} (p99 ${stats.p99.toFixed(1)} ms, ${stats.failed} failed)`);
  }

  const rate = "rate" in compare ? compare.rate : Math.max(1, Math.round((capacity * compare.share) / 100));
  const { perRequest, failed } = await cpuAtRate(target, proxyPid, next, rate, log);
  return { label, steps, capacity, idle, compareRate: rate, compareFailed: failed, perRequest };
}

/** CPU ms per request answered of the instances, the proxy and the nodes at one open-loop rate; `failed` counts shed ones too. */
export async function cpuAtRate(
  target: Target & { servicePids: readonly number[] },
  proxyPid: number | null,
  next: () => LoadRequest,
  rate: number,
  log: (line: string) => void,
): Promise<{ perRequest: CpuPerRequest; failed: number }> {
  const meters: Meters = { service: target.servicePids, proxy: proxyPid, nodes: target.nodePids };
  const open = new OpenLoop({ rate, attempt: loadAttempt({ baseUrl: target.baseUrl, key: target.key, next, timeoutMs: 10_000 }) });
  open.phase = "warm-up";
  open.start();
  await sleep(COMPARE.warmupMs);
  open.phase = "measured";
  const use = await metered(meters, () => sleep(COMPARE.windowMs));
  open.phase = "after";
  const measured = (await open.stop()).find((phase) => phase.phase === "measured")!;
  const perRequest = perUnit(use, Math.max(1, measured.ok));
  log(`  at ${rate} req/s (open loop, ${COMPARE.windowMs / 1000} s): ${measured.ok} answered, ${measured.failed} failed, ${measured.shed} shed, p99 ${measured.p99.toFixed(1)} ms; CPU ms per request: ${cpuText(perRequest)}`);
  return { perRequest, failed: measured.failed + measured.shed };
}

async function metered(meters: Meters, during: () => Promise<unknown>): Promise<{ service: CpuUse; proxy: CpuUse }> {
  const service = cpuWindow(meters.service, meters.nodes);
  const proxy = cpuWindow(meters.proxy, []);
  await during();
  return { service: service.end(), proxy: proxy.end() };
}

function perUnit(use: { service: CpuUse; proxy: CpuUse }, units: number): CpuPerRequest {
  return { service: use.service.serviceMs / units, proxy: Number.isNaN(use.proxy.serviceMs) ? null : use.proxy.serviceMs / units, nodes: use.service.nodeMs / units };
}

export function cpuText(cpu: CpuPerRequest): string {
  return `service ${cpu.service.toFixed(2)}${cpu.proxy === null ? "" : `, proxy ${cpu.proxy.toFixed(2)}`}, nodes ${cpu.nodes.toFixed(2)}`;
}
