/**
 * Capacity: closed-loop steps of rising concurrency over the mixed load; the capacity is the
 * highest rate of a step whose p99 stayed <= 250 ms with nothing failed and nothing shed.
 * Shared by `npm run bench:capacity` (long steps, per route) and by load and chaos (short
 * steps, to load at a share of what the machine in front of them delivers).
 */
import { cpuWindow, type CpuUse } from "../lib/cpu.js";
import { ClosedLoop, measureWindow, type WindowStats } from "../lib/load-driver.js";
import { targetLine } from "../lib/target-line.js";
import { loadAttempt, type LoadRequest } from "./answer.js";

export const P99_LIMIT_MS = 250;
export const DEFAULT_STEPS: readonly number[] = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128];
/** A step that adds less than this share to the best rate so far has stopped rising. */
const RISE = 0.03;
const FLAT_STEPS = 2;

/** `servicePids`: every instance behind a proxy (their CPU is added up), in place of `servicePid`'s one service. */
export type Target = { baseUrl: string; key: string; servicePid: number; servicePids?: readonly number[]; nodePids: readonly number[] };
export type Step = { concurrency: number; rate: number; stats: WindowStats; use: CpuUse };
export type Capacity = { steps: Step[]; best: Step | null; stoppedBecause: string };

/** Measures one concurrency: warm-up, then a window of rate, latency and CPU. */
export async function measureStep(target: Target, next: () => LoadRequest, concurrency: number, warmupMs: number, windowMs: number): Promise<Step> {
  const loop = new ClosedLoop(loadAttempt({ baseUrl: target.baseUrl, key: target.key, next, timeoutMs: 10_000 }));
  loop.start(concurrency);
  try {
    const { stats, use } = await measureWindow(loop, warmupMs, windowMs, () => cpuWindow(target.servicePids ?? target.servicePid, target.nodePids));
    return { concurrency, rate: stats.answered / use.seconds, stats, use };
  } finally {
    await loop.stop();
  }
}

export const withinLimits = (step: Step): boolean => step.stats.failed === 0 && step.stats.shed === 0 && step.stats.p99 <= P99_LIMIT_MS;

/** How the stepping stands: the best step within limits so far, and how many steps in a row added nothing to it. */
export type Stepping = { best: Step | null; flat: number };

/**
 * After a step: the new standing, and why to stop (null: go on). Stops once p99 passes the
 * limit or a request failed or was shed, or after two steps in a row that rose less than 3%
 * over the best (more clients then only queue; one flat step alone may be a neighbour's
 * burst on a shared machine).
 */
export function afterStep(step: Step, stepping: Stepping): Stepping & { stop: string | null } {
  const c = step.concurrency;
  const { best } = stepping;
  if (!withinLimits(step)) {
    const why = step.stats.failed > 0 ? `a request failed at ${c}` : step.stats.shed > 0 ? `requests were shed at ${c}` : `p99 passed ${P99_LIMIT_MS} ms at ${c}`;
    return { ...stepping, stop: why };
  }
  if (best !== null && step.rate <= best.rate * (1 + RISE)) {
    const flat = stepping.flat + 1;
    const stop = flat >= FLAT_STEPS ? `the rate stopped rising (${FLAT_STEPS} steps in a row, up to ${c}, < +${RISE * 100}% over the best)` : null;
    return { best: step.rate > best.rate ? step : best, flat, stop };
  }
  return { best: step, flat: 0, stop: null };
}

/** Steps up until `afterStep` says stop or the last step was measured. */
export async function measureCapacity(
  target: Target,
  next: () => LoadRequest,
  options: { steps: readonly number[]; warmupMs: number; windowMs: number; onStep: (step: Step) => void },
): Promise<Capacity> {
  const steps: Step[] = [];
  let stepping: Stepping = { best: null, flat: 0 };
  for (const concurrency of options.steps) {
    const step = await measureStep(target, next, concurrency, options.warmupMs, options.windowMs);
    steps.push(step);
    options.onStep(step);
    const verdict = afterStep(step, stepping);
    stepping = verdict;
    if (verdict.stop) return { steps, best: stepping.best, stoppedBecause: verdict.stop };
  }
  return { steps, best: stepping.best, stoppedBecause: `the last step (${options.steps.at(-1)}) was reached` };
}

const fixed = (value: number, digits = 1): string => (Number.isNaN(value) ? "-" : value.toFixed(digits));

export const STEP_HEADER = " conc    req/s   p50 ms   p99 ms  failed  shed  svc ms/req  node ms/req  svc/node  gen ms/s";

/** One row of the steps table (also used per route, with the route's name in front). */
export function stepRow(step: Step): string {
  const per = (ms: number) => ms / Math.max(1, step.stats.answered);
  const service = per(step.use.serviceMs);
  const node = per(step.use.nodeMs);
  return [
    String(step.concurrency).padStart(5),
    fixed(step.rate).padStart(8),
    fixed(step.stats.p50).padStart(8),
    fixed(step.stats.p99).padStart(8),
    String(step.stats.failed).padStart(7),
    String(step.stats.shed).padStart(5),
    fixed(service, 2).padStart(11),
    fixed(node, 2).padStart(12),
    `${fixed((100 * service) / node, 0)}%`.padStart(9),
    fixed(step.use.generatorMsPerSecond, 0).padStart(9),
  ].join(" ");
}

/**
 * The capacity line and, when asked, the CPU target at it. The service's share of the node's CPU
 * is printed as a figure only: its target (<= 25%) was withdrawn by issue 28, since the stack the
 * service must be built on already costs a large share of the node's CPU on cached pages.
 */
export function capacityLines(capacity: Capacity, targets: { serviceMsPerRequest: number } | null): string[] {
  const { best } = capacity;
  if (!best) return [`Capacity: none (no step had p99 <= ${P99_LIMIT_MS} ms with nothing failed); stopped because ${capacity.stoppedBecause}.`];
  const lines = [
    `Capacity: ${best.rate.toFixed(1)} req/s at concurrency ${best.concurrency} (p99 ${best.stats.p99.toFixed(1)} ms <= ${P99_LIMIT_MS}, 0 failed); stopped because ${capacity.stoppedBecause}.`,
  ];
  if (targets) {
    const service = best.use.serviceMs / best.stats.answered;
    const node = best.use.nodeMs / best.stats.answered;
    const share = service / node;
    lines.push(`  ${targetLine("service CPU per request at capacity:", service, "<=", targets.serviceMsPerRequest, " ms")}`);
    lines.push(`  service/node CPU at capacity: ${fixed(100 * share, 0)}% (node ${fixed(node, 2)} ms per request; no target: withdrawn, see bench:fixtures' stack floor)`);
  }
  return lines;
}
