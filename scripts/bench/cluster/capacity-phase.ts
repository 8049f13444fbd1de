/**
 * Capacity of a topology on the mixed load: the short closed-loop steps load and chaos use
 * (scripts/load/rate-choice.ts, `SHORT`), then one window at the best step's concurrency read with every
 * CPU meter: the instances' together, the proxy's and the nodes', per request answered.
 */
import { loadAttempt, type LoadRequest } from "../../load/answer.js";
import { capacityLines, DEFAULT_STEPS, measureCapacity, STEP_HEADER, stepRow, type Capacity, type Target } from "../../load/capacity.js";
import { cpuWindow, type CpuUse } from "../../lib/cpu.js";
import { SHORT } from "../../load/rate-choice.js";
import { ClosedLoop, measureWindow, type WindowStats } from "../../lib/load-driver.js";

const AT_CAPACITY = { warmupMs: 2_000, windowMs: 10_000 };
/** Clients of the warm-up: enough to make the JVMs compile their hot paths, too few to queue. */
const WARMUP_CLIENTS = 4;

/**
 * A closed loop of a few clients, not judged: freshly started nodes compile their hot paths,
 * and a freshly loaded cluster finishes its merges and recoveries, before anything is measured.
 */
export async function warmUp(baseUrl: string, key: string, next: () => LoadRequest, ms: number, log: (line: string) => void): Promise<void> {
  const loop = new ClosedLoop(loadAttempt({ baseUrl, key, next, timeoutMs: 10_000 }));
  loop.start(WARMUP_CLIENTS);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const stats = loop.stats();
  await loop.stop();
  log(`  warm-up, ${WARMUP_CLIENTS} clients for ${ms / 1000} s (not judged): ${stats.answered} answered, ${stats.failed} failed, p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms`);
}

export type CapacityFigures = {
  label: string;
  capacity: Capacity;
  /** The window at the best concurrency. */
  stats: WindowStats;
  rate: number;
  serviceMsPerRequest: number;
  proxyMsPerRequest: number | null;
  nodeMsPerRequest: number;
};

export async function measureTopology(
  label: string,
  target: Target & { servicePids: readonly number[] },
  proxyPid: number | null,
  next: () => LoadRequest,
  log: (line: string) => void,
): Promise<CapacityFigures> {
  log(`\n${label}`);
  log(`  ${STEP_HEADER}`);
  const capacity = await measureCapacity(target, next, { steps: DEFAULT_STEPS, ...SHORT, onStep: (step) => log(`  ${stepRow(step)}`) });
  for (const line of capacityLines(capacity, null)) log(`  ${line}`);
  // Without a step within limits (an overloaded machine), the CPU is still read, at one client.
  const concurrency = capacity.best?.concurrency ?? 1;
  const loop = new ClosedLoop(loadAttempt({ baseUrl: target.baseUrl, key: target.key, next, timeoutMs: 10_000 }));
  loop.start(concurrency);
  try {
    const { stats, use } = await measureWindow(loop, AT_CAPACITY.warmupMs, AT_CAPACITY.windowMs, () => {
      const service = cpuWindow(target.servicePids, target.nodePids);
      const proxy = cpuWindow(proxyPid, []);
      return { end: (): { service: CpuUse; proxy: CpuUse } => ({ service: service.end(), proxy: proxy.end() }) };
    });
    const per = (ms: number) => ms / Math.max(1, stats.answered);
    const figures: CapacityFigures = {
      label,
      capacity,
      stats,
      rate: stats.answered / use.service.seconds,
      serviceMsPerRequest: per(use.service.serviceMs),
      proxyMsPerRequest: proxyPid === null ? null : per(use.proxy.serviceMs),
      nodeMsPerRequest: per(use.service.nodeMs),
    };
    log(`  at concurrency ${concurrency} for ${AT_CAPACITY.windowMs / 1000} s: ${figures.rate.toFixed(1)} req/s, p99 ${stats.p99.toFixed(1)} ms, ${stats.failed} failed; ` + cpuText(figures));
    return figures;
  } finally {
    await loop.stop();
  }
}

export function cpuText(figures: CapacityFigures): string {
  const proxy = figures.proxyMsPerRequest === null ? "" : `, proxy ${figures.proxyMsPerRequest.toFixed(2)}`;
  return `CPU ms per request: service ${figures.serviceMsPerRequest.toFixed(2)}${proxy}, nodes ${figures.nodeMsPerRequest.toFixed(2)}`;
}
